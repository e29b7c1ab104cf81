// Training examples for the program ranker: Spider train questions run through FGTR's own
// pipeline (the app's import, index and retrieval), every candidate program of the answer step
// executed and labelled by whether its rows equal the gold SQL's rows (weak supervision).
// Labelled candidates are cached per database (keyed by the answer code's hash), not committed.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Denotation, ProgramShape } from "../../lib/core/reasoner/rank/features.ts";
import { denotationOf } from "../../lib/core/reasoner/rank/rank.ts";
import { sameResult } from "../../lib/core/eval/exec-match.ts";
import { importOnce } from "../eval/datasets.mts";

type SpiderTrainItem = {
  id: string;
  db_id: string;
  question: string;
  query: string;
  gold_result: unknown[][];
  gold_rowcount: number;
};

export type LabelledCandidate = { shape: ProgramShape; reading: string; denotation: Denotation; positive: boolean };
export type LabelledQuestion = { id: string; db: string; question: string; candidates: LabelledCandidate[] };

/**
 * Up to `perDb` questions of `maxDbs` Spider train databases spread evenly over the sorted list,
 * in file order (deterministic); only the first `take` of those databases. Importing a database
 * dominates the cost, so fewer databases with more questions each.
 */
export function spiderTrainItems(datasets: string, perDb: number, maxDbs: number, take = maxDbs): SpiderTrainItem[] {
  const lines = readFileSync(path.join(datasets, "spider_train", "train.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean);
  const all = [...new Set(lines.map((l) => (JSON.parse(l) as SpiderTrainItem).db_id))].sort();
  const stride = Math.max(1, all.length / maxDbs);
  const chosen = new Set(
    all.filter((_, i) => i === 0 || Math.floor(i / stride) !== Math.floor((i - 1) / stride)).slice(0, take),
  );
  const count = new Map<string, number>();
  const out: SpiderTrainItem[] = [];
  for (const line of lines) {
    const item = JSON.parse(line) as SpiderTrainItem;
    // A truncated gold result cannot label candidates.
    if (!chosen.has(item.db_id) || item.gold_result.length !== item.gold_rowcount) continue;
    const n = count.get(item.db_id) ?? 0;
    if (n >= perDb) continue;
    count.set(item.db_id, n + 1);
    out.push(item);
  }
  return out;
}

/** Hash of the code that generates candidates (the answer step and the pipeline before it). */
export function codeHash(): string {
  const h = createHash("sha256");
  const walk = (dir: string) => {
    for (const f of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, f.name);
      if (f.isDirectory()) walk(p);
      else if (f.name.endsWith(".ts") && !f.name.endsWith(".test.ts")) h.update(readFileSync(p));
    }
  };
  for (const d of ["lib/core/methods/fgtr", "lib/core/retrieval", "lib/core/reasoner", "lib/core/index"])
    walk(path.resolve(d));
  return h.digest("hex").slice(0, 12);
}

/** Runs the questions of one database and labels every candidate program (cached). */
export async function labelSpiderDb(
  datasets: string,
  db: string,
  items: SpiderTrainItem[],
  log: (m: string) => void,
): Promise<LabelledQuestion[]> {
  const cacheDir = path.join(process.env.DATA_DIR!, "program-ranker-cache", codeHash());
  const cacheFile = path.join(
    cacheDir,
    `${db}-${createHash("sha256")
      .update(items.map((i) => i.id).join(","))
      .digest("hex")
      .slice(0, 8)}.json`,
  );
  if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, "utf8")) as LabelledQuestion[];
  const { buildRetrievalPorts } = await import("../../lib/server/methods/retrieval-ports.ts");
  const { runFgtr } = await import("../../lib/core/methods/fgtr/run-fgtr.ts");
  const { nullSink } = await import("../../lib/core/trace/index.ts");
  const file = path.join(datasets, "spider_train", "databases", db, `${db}.sqlite`);
  let datasetId: string;
  try {
    datasetId = await importOnce(`spider-train:${db}`, [{ name: `${db}.sqlite`, path: file }], db);
  } catch (err) {
    log(`skipped ${db}: ${(err as Error).message}`);
    return [];
  }
  const ports = await buildRetrievalPorts(datasetId, {
    reasoner: "local",
    sqlTimeoutMs: 2000,
    ranker: null,
    learned: false,
  });
  const out: LabelledQuestion[] = [];
  for (const item of items) {
    const q: LabelledQuestion = { id: item.id, db, question: item.question, candidates: [] };
    ports.programs = {
      ranker: null,
      collect: async (_question, candidates) => {
        for (const c of candidates) {
          let run: { rows: unknown[][]; columns: string[] } | null = null;
          try {
            const r = await ports.runSql(c.sql, { maxRows: 10_000 });
            run = { rows: r.rows, columns: r.columns };
          } catch {
            run = null;
          }
          q.candidates.push({
            shape: c.shape,
            reading: c.reading,
            denotation: denotationOf(run as never),
            positive: !!run && sameResult(run.rows as never, item.gold_result as never),
          });
        }
      },
    };
    try {
      await runFgtr(item.question, { ranker: "rules", maxAnswerRows: 10_000 }, ports, nullSink());
    } catch (err) {
      log(`question ${item.id} failed: ${(err as Error).message}`);
    }
    if (q.candidates.length) out.push(q);
  }
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(out));
  return out;
}
