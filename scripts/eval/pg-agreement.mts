// `npm run eval -- pg-agreement [--method fgtr|sgam] [--limit N] [--verbose]`: the Spider tune
// databases, once uploaded as SQLite and once loaded into a real PostgreSQL and connected; every
// tune question is asked of both copies and the answers' result rows compared. Goal: ≥ 97% agree.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "./args.mts";
import { importOnce, sharedDatasets, useEvalDataDir } from "./datasets.mts";
import { sameResult } from "../../lib/core/eval/exec-match.ts";
import { loadSqliteIntoPostgres } from "./pg-load.mts";
import { isTopTie } from "./pg-ties.mts";
import { runQuestion } from "./run-question.mts";
import { SPIDER_TUNE_DBS } from "./splits.mts";

type SpiderItem = { question_index: number; db_id: string; question: string; query: string };
type Rows = Array<Array<string | number | null>>;

export async function run(argv: string[]): Promise<void> {
  const args = parseArgs(["--suite", "spider", ...argv]);
  useEvalDataDir(args.dataDir);
  process.env.TABLESIGHT_SECRET ??= `eval-${Math.random().toString(36).slice(2)}`;
  const { startTestPostgres } = await import("../../lib/server/testing/postgres-server.ts");
  const { connectDataset } = await import("../../lib/server/postgres/connect.ts");
  const { runIndexing } = await import("../../lib/server/index/pipeline.ts");
  const { closePostgresPools } = await import("../../lib/server/postgres/pool.ts");
  const { deleteDataset } = await import("../../lib/server/lifecycle/dataset-files.ts");
  const root = path.join(sharedDatasets(), "spider");
  const items = (JSON.parse(readFileSync(path.join(root, "dev_subset_19db.json"), "utf8")) as SpiderItem[])
    .filter((x) => SPIDER_TUNE_DBS.includes(x.db_id))
    .slice(args.offset, args.limit ? args.offset + args.limit : undefined);
  const server = await startTestPostgres();
  let agree = 0;
  let ties = 0;
  let sqliteAnswered = 0;
  let pgAnswered = 0;
  const differ: string[] = [];
  const started = performance.now();
  try {
    for (const dbId of [...new Set(items.map((x) => x.db_id))]) {
      const file = path.join(root, "databases", dbId, `${dbId}.sqlite`);
      const sqliteId = await importOnce(`spider:${dbId}`, [{ name: `${dbId}.sqlite`, path: file }], dbId);
      const database = `spider_${dbId.toLowerCase()}`;
      await server.query(`CREATE DATABASE ${database}`);
      const skipped = await loadSqliteIntoPostgres(file, server.url({ database }));
      if (skipped.length) console.log(`${dbId}: not declared in PostgreSQL: ${skipped.join("; ")}`);
      const connected = await connectDataset({
        name: `${dbId} (pg)`,
        url: server.url({ database }),
        schemas: ["public"],
      });
      await runIndexing(connected.id);
      for (const item of items.filter((x) => x.db_id === dbId)) {
        const a = await runQuestion(sqliteId, item.question, args, { maxAnswerRows: 10_000 });
        const b = await runQuestion(connected.id, item.question, args, { maxAnswerRows: 10_000 });
        const rowsA = (a.result?.result?.rows ?? []) as Rows;
        const rowsB = (b.result?.result?.rows ?? []) as Rows;
        if (a.result?.answer.sql) sqliteAnswered++;
        if (b.result?.answer.sql) pgAnswered++;
        const same = sameResult(rowsA, rowsB) && !!a.result === !!b.result;
        const sqlA = a.result?.answer.sql ?? "";
        const tie =
          !same &&
          sqlA.replace(/"src\d+"\./g, "") === (b.result?.answer.sql ?? "").replace(/"public"\./g, "") &&
          isTopTie(file, sqlA, rowsB);
        if (same) agree++;
        else if (tie) ties++;
        else
          differ.push(
            `#${item.question_index} ${dbId}: ${item.question}\n  sqlite: ${a.result?.answer.sql ?? a.error} → ` +
              `${JSON.stringify(rowsA.slice(0, 3))}\n  pg:     ${b.result?.answer.sql ?? b.error} → ` +
              `${JSON.stringify(rowsB.slice(0, 3))}`,
          );
        if (args.verbose) console.log(`${same ? "=" : "≠"} #${item.question_index} ${item.question}`);
      }
      // The PostgreSQL copy ends with this run; its dataset goes with it.
      await deleteDataset(connected.id);
    }
  } finally {
    await closePostgresPools();
    await server.stop();
    const { closeSqlPool } = await import("../../lib/server/sql/index.ts");
    closeSqlPool();
    const { closeAppDb } = await import("../../lib/server/db/app-db.ts");
    await closeAppDb();
  }
  for (const d of differ) console.log(d);
  const pct = items.length ? (100 * agree) / items.length : 0;
  const withTies = items.length ? (100 * (agree + ties)) / items.length : 0;
  console.log(
    `pg-agreement (${args.method}, Spider tune): ${agree}/${items.length} answers agree (${pct.toFixed(1)}%; ` +
      `goal ≥ 97%); ${ties} more differ only in which of tied top rows LIMIT 1 kept (same SQL; ` +
      `${withTies.toFixed(1)}% counting those); answered with SQL: sqlite ${sqliteAnswered}, postgres ${pgAnswered}; ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  if (args.json) console.log(JSON.stringify({ agree, ties, total: items.length, pct, withTies }));
}
