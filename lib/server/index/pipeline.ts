import "server-only";
import { isMainThread } from "node:worker_threads";
import { indexQueue } from "@/lib/server/pool/queues";
import { ensureLexicalRelations } from "@/lib/server/models/lexical-relations";
import { processSingleton } from "@/lib/server/process/singleton";
import { mkdir, rm } from "node:fs/promises";
import { datasetDir } from "@/lib/server/config";
import { datasetFiles } from "@/lib/server/sql";
import { getDataset } from "@/lib/server/stores/datasets";
import { indexCaps, type IndexCaps } from "./caps";
import { datasetChanged } from "@/lib/server/process/dataset-caches";
import { cellEncoder } from "./encoder";
import {
  beginRun,
  completeRun,
  currentGeneration,
  deleteIndexRecords,
  dropOtherGenerations,
  failRun,
  saveStages,
} from "./generations";
import { indexDir } from "./paths";
import { RunProgress, type StageName, type StageState } from "./progress";
import { errorText, type ColumnFailure, type IndexRunContext } from "./run-context";
import { IndexCancelled, isCancel } from "./scan-table";
import { cellsStage } from "./stage-cells";
import { descriptionsStage } from "./stage-descriptions";
import { graphStage } from "./stage-graph";
import { joinsStage } from "./stage-joins";
import { profilesStage } from "./stage-profiles";
import { semanticStage } from "./stage-semantic";

const STAGES: Array<[StageName, (ctx: IndexRunContext) => Promise<void>]> = [
  ["profiles", profilesStage],
  ["descriptions", descriptionsStage],
  ["joins", joinsStage],
  ["cell index", cellsStage],
  ["schema graph", graphStage],
  ["semantic model", semanticStage],
];

export type RunOptions = {
  caps?: Partial<IndexCaps>;
  /** Checked between batches; set `cancelled` to stop the run (it then fails as "cancelled"). */
  token?: { cancelled: boolean };
  /** Aborting it also ends the read of the dataset in flight (its worker is killed). */
  signal?: AbortSignal;
  /**
   * Called after each stage with what the stages built so far; tests fail runs here, the joins eval reads the join
   * inputs.
   */
  afterStage?: (name: StageName, ctx: IndexRunContext) => void | Promise<void>;
};

const lock = processSingleton("indexLock", (): { tail?: Promise<void> } => ({}));

export type IndexRunOutcome = {
  generation: number;
  status: "ready" | "failed";
  error?: string;
  stages: StageState[];
  failures: ColumnFailure[];
};

/**
 * Indexes a dataset into a new generation: stages write under DATA_DIR/datasets/<id>/index-<gen>/
 * and into app-DB rows tagged with <gen>; only when all of them finished does the dataset switch
 * to it, and only then are older generations deleted. A failure, a cancel or a crash anywhere
 * before the switch leaves the previous complete generation served. Null when the dataset is gone.
 */
export async function runIndexing(datasetId: string, options: RunOptions = {}): Promise<IndexRunOutcome | null> {
  // One run at a time in this process, whoever calls (the queue's background thread, a script, a
  // test): two runs of a dataset would race for a generation number and delete each other's rows on
  // completion. On the main thread a run takes its turn in the index queue, behind queued runs.
  if (isMainThread) return (await indexQueue().add(() => runNow(datasetId, options))) ?? null;
  const previous = lock.tail ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  lock.tail = previous.then(() => mine);
  await previous;
  try {
    return await runNow(datasetId, options);
  } finally {
    release();
  }
}

async function runNow(datasetId: string, options: RunOptions): Promise<IndexRunOutcome | null> {
  // The thread that runs the index reads the lexical relations (WordNet) its describers use.
  ensureLexicalRelations();
  const dataset = await getDataset(datasetId);
  if (!dataset) return null;
  const encoder = cellEncoder();
  const token = options.token ?? { cancelled: false };
  let generation: number;
  try {
    generation = await beginRun(datasetId, encoder.id);
  } catch (err) {
    if (await getDataset(datasetId)) throw err;
    return null; // deleted before the run could start
  }
  const dir = indexDir(datasetId, generation);
  const progress = new RunProgress((stages) => saveStages(datasetId, generation, stages));
  const ctx = { datasetId, generation, dataset, dir, encoder, progress, failures: [] as ColumnFailure[] };
  try {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir); // not recursive: if the dataset's directory is gone, so is the dataset

    const caps = { ...indexCaps(), ...options.caps };
    const signal = options.signal ?? new AbortController().signal;
    const run: IndexRunContext = {
      ...ctx,
      caps,
      source: { files: datasetFiles(datasetId, dataset.storage), signal, queryMs: caps.queryMs },
      stageDeadline: Infinity,
      pause: async () => {
        await new Promise((resolve) => setImmediate(resolve));
        if (token.cancelled || signal.aborted) throw new IndexCancelled();
      },
      columns: new Map(),
      profiles: new Map(),
      descriptions: new Map(),
      joins: [],
    };
    for (const [name, stage] of STAGES) {
      // Each stage has its own time budget: one slow dataset gets a partial index, not the queue.
      run.stageDeadline = performance.now() + caps.stageMs;
      await stage(run);
      await options.afterStage?.(name, run);
      if (token.cancelled || signal.aborted) throw new IndexCancelled();
    }
    await progress.flush();
    await completeRun(datasetId, generation, progress.stages);
    // Every thread (this one, the main thread, the question workers) drops what it kept of the old generation.
    datasetChanged(datasetId);
    if (!(await getDataset(datasetId))) throw new IndexCancelled(); // deleted during the switch
    await dropOtherGenerations(datasetId, generation);
    return { generation, status: "ready", stages: progress.stages, failures: ctx.failures };
  } catch (err) {
    // A dataset deleted under a running index is a cancel, not a failure worth logging; whatever
    // the run wrote after the delete is removed with it.
    const gone = await getDataset(datasetId).then(
      (d) => !d,
      () => false,
    );
    if (gone) {
      await deleteIndexRecords(datasetId);
      await rm(datasetDir(datasetId), { recursive: true, force: true });
      return {
        generation,
        status: "failed",
        error: "The dataset was deleted.",
        stages: progress.stages,
        failures: ctx.failures,
      };
    }
    const cancelled = isCancel(err) || token.cancelled || options.signal?.aborted === true;
    const error = cancelled ? "Indexing was cancelled." : errorText(err);
    const running = progress.stages.find((s) => s.status === "running");
    if (running) {
      progress.note(running.name, `Failed: ${error}`);
      progress.end(running.name, "failed");
    }
    await progress.flush();
    await failRun(datasetId, generation, progress.stages, error);
    if (!cancelled) console.error(`[tablesight] indexing ${datasetId} (generation ${generation}) failed:`, err);
    await dropOtherGenerations(datasetId, await currentGeneration(datasetId));
    return { generation, status: "failed", error, stages: progress.stages, failures: ctx.failures };
  }
}
