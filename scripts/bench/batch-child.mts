// Child process of the batch benchmark (batch-resume.mts). `start <sqlite> <n>` imports and indexes
// the database, makes a question set of n questions (its Spider dev questions, cycled, each with
// the answer its gold query gives), starts a FGTR batch and prints {"done": k} after every item
// until the parent kills it. `resume` picks the batch up as a server start does and prints JSON.
import { readFileSync, statSync } from "node:fs";
import { register } from "node:module";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import Database from "libsql";
import { singleQuoteStrings } from "../../lib/core/eval/gold-sql.ts";
import type { QuestionItem } from "../../lib/core/eval/question-set.ts";

// node-sql-parser's builds are CommonJS; the eval's hook lets the SQL guard import them by name.
register("../eval/cjs-hook.mjs", import.meta.url);
const [mode, file, count] = process.argv.slice(2);
const keepAlive = setInterval(() => undefined, 60_000);

function questions(sqlite: string, n: number, spiderJson: string): QuestionItem[] {
  const db = new Database(sqlite, { readonly: true });
  const dbId = path.basename(sqlite, ".sqlite");
  type Item = { db_id: string; question: string; query: string };
  const all = (JSON.parse(readFileSync(spiderJson, "utf8")) as Item[]).filter((x) => x.db_id === dbId);
  const base = all.map((x) => ({
    question: x.question,
    answer: (db.prepare(singleQuoteStrings(x.query)).raw(true).all() as unknown[][]).flat().slice(0, 50),
    goldSql: x.query,
  }));
  db.close();
  return Array.from({ length: n }, (_, i) => ({ id: `q${i}`, tags: [], ...base[i % base.length] }));
}

const { onBatchItem, resumeBatches, runnerIdle } = await import("../../lib/server/batches/runner.ts");
const { getBatch } = await import("../../lib/server/batches/store.ts");
if (mode === "start") {
  const { importDataset } = await import("../../lib/server/ingest/import-dataset.ts");
  const { runIndexing } = await import("../../lib/server/index/pipeline.ts");
  const { createQuestionSet } = await import("../../lib/server/batches/question-sets.ts");
  const { startBatch } = await import("../../lib/server/batches/start-batch.ts");
  const detail = await importDataset([{ originalName: path.basename(file), path: file, size: statSync(file).size }]);
  await runIndexing(detail.id);
  const spiderJson = path.join(path.dirname(path.dirname(path.dirname(file))), "dev_subset_19db.json");
  const set = await createQuestionSet(detail.id, "bench", questions(file, Number(count), spiderJson));
  let done = 0;
  onBatchItem(() => console.log(JSON.stringify({ done: ++done })));
  const batchId = await startBatch(set.id, { methods: ["fgtr"], reasoner: "local", params: {} });
  console.log(JSON.stringify({ batchId, datasetId: detail.id }));
  await runnerIdle();
} else {
  const { countRuns } = await import("../../lib/server/stores/runs.ts");
  const { batchItemsOf, unfinishedBatchIds } = await import("../../lib/server/batches/store.ts");
  // The trained models are parsed at server start, in each method's question thread: here too.
  await (await import("../../lib/server/runs/warm-up.task.ts")).warmUpQuestionWorkers();
  const [batchId] = await unfinishedBatchIds();
  const before = await getBatch(batchId);
  const runsBefore = await countRuns(before!.datasetId);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const start = performance.now();
  let ran = 0;
  onBatchItem(() => ran++);
  await resumeBatches();
  await runnerIdle();
  loop.disable();
  const after = await getBatch(batchId);
  const items = await batchItemsOf(batchId);
  const runsAfter = await countRuns(before!.datasetId);
  console.log(
    JSON.stringify({
      batchId,
      status: after?.status,
      total: after?.total,
      doneAtRestart: before?.done,
      doneAfter: after?.done,
      items: items.length,
      uniqueItems: new Set(items.map((i) => i.questionId)).size,
      ranAfterRestart: ran,
      runsBeforeRestart: runsBefore,
      runsAfterRestart: runsAfter - runsBefore,
      resumeSeconds: Math.round((performance.now() - start) / 100) / 10,
      eventLoopDelayMs: { p99: Math.round(loop.percentile(99) / 1e5) / 10, max: Math.round(loop.max / 1e5) / 10 },
    }),
  );
}
clearInterval(keepAlive);
const { closeSqlPool } = await import("../../lib/server/sql/index.ts");
closeSqlPool();
process.exit(0);
