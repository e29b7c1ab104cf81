// Labelled join candidates from databases that declare their foreign keys: each database is
// imported and profiled through the app's own pipeline, join discovery runs WITHOUT the declared
// keys (as the joins eval does), and each candidate is labelled by whether a declared key links
// the same two columns. Indexing stops after the descriptions stage: later stages add nothing here.
import { statSync } from "node:fs";
import path from "node:path";
import type { JoinCandidate } from "../../../lib/core/model/index-types.ts";
import type { JoinSide } from "../../../lib/core/index/join-features.ts";
import type { JoinDiscoveryOptions } from "../../../lib/core/index/join-discovery.ts";

export type LabelledCandidate = {
  db: string;
  candidate: JoinCandidate;
  from: JoinSide;
  to: JoinSide;
  positive: boolean;
};
export type CollectedDb = { db: string; declared: string[]; candidates: LabelledCandidate[] };

/** An unordered "table.column|table.column" key, lower case (the eval's pairKey). */
export function joinPairKey(a: { table: string; column: string }, b: { table: string; column: string }): string {
  const [x, y] = [`${a.table}.${a.column}`.toLowerCase(), `${b.table}.${b.column}`.toLowerCase()];
  return x < y ? `${x}|${y}` : `${y}|${x}`;
}

/** Imports one SQLite file and returns its discovered candidates, labelled by its declared keys. */
export async function collectDb(db: string, file: string, generation?: JoinDiscoveryOptions): Promise<CollectedDb> {
  const { importDataset } = await import("../../../lib/server/ingest/import-dataset.ts");
  const { runIndexing } = await import("../../../lib/server/index/pipeline.ts");
  const { discoverCandidates } = await import("../../../lib/server/index/stage-joins.ts");
  const { joinSides } = await import("../../../lib/server/index/join-scoring.ts");
  const { declaredJoins, columnKey } = await import("../../../lib/core/index/index.ts");
  const { deleteDataset } = await import("../../../lib/server/lifecycle/dataset-files.ts");
  const detail = await importDataset([{ originalName: `${db}.sqlite`, path: file, size: statSync(file).size }], {
    name: db,
  });
  const declared = [...new Set(declaredJoins(detail.tables).map((d) => joinPairKey(d.from, d.to)))];
  let out: LabelledCandidate[] = [];
  const token = { cancelled: false };
  await runIndexing(detail.id, {
    token,
    afterStage: async (stage, ctx) => {
      if (stage !== "descriptions") return;
      const sides = joinSides(ctx.dataset.tables, ctx.profiles);
      const gold = new Set(declared);
      out = (await discoverCandidates(ctx, [], generation)).flatMap((candidate) => {
        const from = sides.get(columnKey(candidate.from.table, candidate.from.column));
        const to = sides.get(columnKey(candidate.to.table, candidate.to.column));
        return from && to
          ? [{ db, candidate, from, to, positive: gold.has(joinPairKey(candidate.from, candidate.to)) }]
          : [];
      });
      token.cancelled = true; // the cell index and graph are not needed
    },
  });
  await deleteDataset(detail.id).catch(() => undefined);
  return { db, declared, candidates: out };
}

/** Spider train databases: <root>/databases/<db>/<db>.sqlite, sorted by name. */
export function spiderDbFile(root: string, db: string): string {
  return path.join(root, "databases", db, `${db}.sqlite`);
}
