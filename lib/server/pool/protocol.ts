import type { MessagePort } from "node:worker_threads";
import type { SetScore } from "@/lib/core/eval";
import type { RetrievalView } from "@/lib/core/methods/module";
import type { RunConstraints } from "@/lib/core/retrieval/constraints/types";
import type { Answer, Reasoner, TraceEventInput } from "@/lib/core/trace";
import type { DatasetDetail, TableMeta } from "@/lib/core/model/dataset";
import type { LlmConfig } from "@/lib/server/llm/config";
import type { IndexCaps } from "@/lib/server/index/caps";
import type { TableReimport } from "@/lib/server/ingest/reimport-table";
import type { ImportOverrides, ImportProgress, UploadedFile } from "@/lib/server/ingest/types";
import type { LoadedDataset } from "@/lib/server/methods/run-options";
import type { RetrievalPortOptions } from "@/lib/server/retrieval/ports";

/**
 * What crosses between the main thread and a pool worker (docs/ARCHITECTURE.md, "Threads"). Every
 * task carries a MessagePort: the worker posts events and its end on it, the main thread posts a
 * cancel. Only plain data crosses: the dataset detail (loaded once by the route), the method's
 * parsed parameters, trace events, the judged answer.
 */

/** A batch question's gold, to score the run in the worker (gold SQL and cells run there too). */
export type BatchScoring = { goldAnswer: unknown[] | null; goldSql: string | null; maxGoldCells: number };

/** Runs one method on one question: the worker builds the dataset context and the ports, runs, judges. */
export type MethodTask = {
  kind: "method-run";
  dataset: LoadedDataset;
  /** The dataset's version on the main thread when the run started (see datasetChanged). */
  version: number;
  method: string;
  question: string;
  reasoner: Reasoner;
  /** Already parsed by the method's schema on the main thread. */
  params: Record<string, unknown>;
  constraints?: RunConstraints;
  /** Which learned answers the reasoner reads (a batch leaves out those learned from question sets). */
  learned?: RetrievalPortOptions["learned"];
  scoring?: BatchScoring;
  /**
   * For reasoner "llm": the model the main thread resolved (saved settings or the environment, the
   * key opened), so every thread of a run uses the same one; null when none is configured.
   */
  llm?: LlmConfig | null;
  port: MessagePort;
};

/** A batch question's score as the worker computed it. */
export type BatchScore = {
  correct: boolean | null;
  schema: SetScore | null;
  cells: SetScore | null;
  goldCells: string[] | null;
  /** Why the gold could not be read, if it could not. */
  goldError: string | null;
  view: RetrievalView | null;
};

/** How a method task ended, posted last on its port. */
export type MethodTaskEnd =
  | {
      ok: true;
      answer: Answer;
      tokens: { input: number; output: number } | null;
      score: BatchScore | null;
      /** Datasets loaded by the worker for this task (the route loaded the one it needed: 0 is expected). */
      datasetLoads: number;
    }
  | { ok: false; error: { code: string; message: string }; score: BatchScore | null; datasetLoads: number };

/** Indexes one dataset in a background thread; progress goes to the app database as it always did. */
export type IndexTask = { kind: "index-run"; datasetId: string; caps?: Partial<IndexCaps>; port: MessagePort };
export type IndexTaskEnd =
  | { ok: true; status: "ready" | "failed" | "gone"; error?: string }
  | { ok: false; error: string };

/** Imports uploaded files as one dataset in an import thread; progress is posted as it goes. */
export type ImportTask = {
  kind: "import";
  files: UploadedFile[];
  name?: string;
  overrides?: ImportOverrides;
  port: MessagePort;
};
/** An import's end: the new dataset, or the file's problem as the importer described it. */
export type ImportTaskEnd =
  | { ok: true; detail: DatasetDetail }
  | { ok: false; error: { name: string; code: string; message: string; status: number | null } };

/** Re-imports one table of a dataset from its kept file, in an import thread. */
export type ReimportTask = {
  kind: "reimport";
  datasetId: string;
  table: string;
  change: TableReimport;
  port: MessagePort;
};
export type ReimportTaskEnd =
  | { ok: true; meta: TableMeta }
  | { ok: false; error: { name: string; code: string; message: string; status: number | null } };

/** Parses the trained models a method reads, in one of its question threads (server start). */
export type WarmUpTask = { kind: "warm-up"; method: string };

export type PoolTask = MethodTask | IndexTask | ImportTask | ReimportTask | WarmUpTask;

/** Messages a worker posts on a task's port. */
export type WorkerMessage =
  | { type: "event"; event: TraceEventInput }
  | { type: "progress"; progress: Partial<ImportProgress> }
  | { type: "end"; end: MethodTaskEnd | IndexTaskEnd | ImportTaskEnd | ReimportTaskEnd };

/** Messages the main thread posts on a task's port. */
export type MainMessage = { type: "cancel" };
