// Join discovery on spider: each database of the split is imported and indexed; the discovered
// join candidates (FGTR eq. 3 computed WITHOUT the declared keys, so they cannot leak in) and the
// ones the learned join scorer passes are compared with (a) the join conditions of the gold SQL
// and (b) the declared foreign keys.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { JoinCandidate } from "../../lib/core/model/index-types.ts";
import { pairKey, sqlJoinPairs, type SchemaColumns } from "./gold-joins.mts";
import { score, sum, type Counts, type Scores } from "./joins-metrics.mts";

const SPIDER = path.resolve("../shared/datasets/spider");
const TUNE = [
  "battle_death",
  "course_teach",
  "cre_Doc_Template_Mgt",
  "network_1",
  "pets_1",
  "poker_player",
  "real_estate_properties",
  "singer",
  "voter_1",
];
const KS = [1, 3, 5, 10];

type Candidate = JoinCandidate;
type DbResult = {
  db: string;
  tables: number;
  goldSql: string[];
  declared: string[];
  discovered: string[];
  learned: string[];
  pipeline: string[];
  unparsed: number;
};

const key = (c: Pick<Candidate, "from" | "to">) =>
  pairKey(`${c.from.table}.${c.from.column}`.toLowerCase(), `${c.to.table}.${c.to.column}`.toLowerCase());

function splitDbs(split: string): string[] {
  const all = [
    ...new Set(
      (JSON.parse(readFileSync(path.join(SPIDER, "dev_subset_19db.json"), "utf8")) as Array<{ db_id: string }>).map(
        (q) => q.db_id,
      ),
    ),
  ].sort();
  return split === "tune" ? all.filter((d) => TUNE.includes(d)) : all.filter((d) => !TUNE.includes(d));
}

async function evalDb(db: string, questions: Array<{ db_id: string; query: string }>): Promise<DbResult> {
  const { importDataset } = await import("../../lib/server/ingest/import-dataset.ts");
  const { runIndexing } = await import("../../lib/server/index/pipeline.ts");
  const { discoverCandidates } = await import("../../lib/server/index/stage-joins.ts");
  const { scoredJoins } = await import("../../lib/server/index/join-scoring.ts");
  const { declaredJoins } = await import("../../lib/core/index/index.ts");
  const file = path.join(SPIDER, "databases", db, `${db}.sqlite`);
  const detail = await importDataset([{ originalName: `${db}.sqlite`, path: file, size: readFileSync(file).length }]);
  let discovered: Candidate[] = [];
  let learned: Candidate[] = [];
  let pipeline: Candidate[] = [];
  const outcome = await runIndexing(detail.id, {
    afterStage: async (stage, ctx) => {
      if (stage === "descriptions") {
        // Candidates and their scores without the declared keys, exactly as the scorer was trained.
        discovered = await discoverCandidates(ctx, []);
        learned = scoredJoins(discovered, ctx.dataset.tables, ctx.profiles).filter((j) => j.passes);
      }
      if (stage === "joins") pipeline = ctx.joins.filter((j) => j.passes !== false);
    },
  });
  if (outcome?.status !== "ready") throw new Error(`${db}: indexing failed: ${outcome?.error}`);
  const schema: SchemaColumns = new Map(
    detail.tables.map((t) => [t.name.toLowerCase(), new Set(t.columns.map((c) => c.sqlName.toLowerCase()))]),
  );
  const gold = new Set<string>();
  let unparsed = 0;
  for (const q of questions.filter((x) => x.db_id === db)) {
    const pairs = sqlJoinPairs(q.query, schema);
    if (!pairs) unparsed++;
    else for (const p of pairs) gold.add(p);
  }
  const declared = declaredJoins(detail.tables).map(key);
  return {
    db,
    tables: detail.tables.length,
    goldSql: [...gold],
    declared: [...new Set(declared)],
    discovered: discovered.map(key),
    learned: learned.map(key),
    pipeline: pipeline.map(key),
    unparsed,
  };
}

/** Ranked list vs gold: overall, @k, and @|gold| (R-precision). */
function scoreAll(results: DbResult[], list: (r: DbResult) => string[], gold: (r: DbResult) => string[]): Scores {
  const at = (k: (r: DbResult) => number | undefined): Counts =>
    sum(results.map((r) => score(list(r), new Set(gold(r)), k(r))));
  return {
    all: at(() => undefined),
    atK: Object.fromEntries(KS.map((k) => [k, at(() => k)])),
    atGold: at((r) => gold(r).length),
  };
}

export async function run(args: string[]): Promise<void> {
  const split = args.includes("--split") && args[args.indexOf("--split") + 1] === "report" ? "report" : "tune";
  const base = args.includes("--data-dir") ? path.resolve(args[args.indexOf("--data-dir") + 1]) : os.tmpdir();
  mkdirSync(base, { recursive: true });
  const dataDir = mkdtempSync(path.join(base, "tablesight-eval-joins-"));
  Object.assign(process.env, { DATA_DIR: dataDir, SEED_SAMPLE: "0", AUTO_INDEX: "0" });
  const questions = JSON.parse(readFileSync(path.join(SPIDER, "dev_subset_19db.json"), "utf8"));
  const results: DbResult[] = [];
  const start = performance.now();
  try {
    for (const db of splitDbs(split)) results.push(await evalDb(db, questions));
  } finally {
    (await import("../../lib/server/db/app-db.ts")).closeAppDb();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const union = (r: DbResult) => [...new Set([...r.goldSql, ...r.declared])];
  const report = {
    suite: "joins",
    split,
    databases: results.length,
    seconds: (performance.now() - start) / 1000,
    goldPairs: {
      sql: sum(results.map((r) => r.goldSql.length)),
      declared: sum(results.map((r) => r.declared.length)),
      union: sum(results.map((r) => union(r).length)),
    },
    unparsedQueries: sum(results.map((r) => r.unparsed)),
    discovered: {
      vsSql: scoreAll(
        results,
        (r) => r.discovered,
        (r) => r.goldSql,
      ),
      vsDeclared: scoreAll(
        results,
        (r) => r.discovered,
        (r) => r.declared,
      ),
      vsUnion: scoreAll(results, (r) => r.discovered, union),
    },
    learned: {
      vsSql: scoreAll(
        results,
        (r) => r.learned,
        (r) => r.goldSql,
      ),
      vsDeclared: scoreAll(
        results,
        (r) => r.learned,
        (r) => r.declared,
      ),
      vsUnion: scoreAll(results, (r) => r.learned, union),
    },
    pipelineVsSql: scoreAll(
      results,
      (r) => r.pipeline,
      (r) => r.goldSql,
    ),
    // Per-database detail only for the tune split: report failures are not to be studied.
    perDatabase: split === "tune" ? results : undefined,
  };
  const { printReport, markdown } = await import("./joins-report.mts");
  printReport(report);
  mkdirSync("reports", { recursive: true });
  writeFileSync(path.join("reports", `joins-${split}.json`), JSON.stringify(report, null, 2));
  writeFileSync(path.join("reports", `joins-${split}.md`), markdown(report));
  const { pr } = await import("./joins-metrics.mts");
  console.log(`learned join candidates vs declared keys (${split}): ${pr(report.learned.vsDeclared.all)}`);
  console.log(`all candidates vs declared keys (${split}): ${pr(report.discovered.vsDeclared.all)}`);
  console.log(`wrote reports/joins-${split}.json and .md`);
}
