import type { MethodSummary, SetScore } from "@/lib/core/eval";

/**
 * Shapes of the question-set and batch API, declared once: lib/server/batches builds them and
 * components/evaluate reads them.
 */

export type QuestionSetSummary = { id: string; datasetId: string; name: string; count: number; updatedAt: string };

/** POST /api/datasets/:id/question-sets and PUT /api/question-sets/:id. */
export type QuestionSetUploadResult = {
  id: string;
  name: string;
  count: number;
  errors: Array<{ line: number; message: string }>;
};

export type BatchStatus = "queued" | "running" | "done" | "cancelled" | "failed";

/** A batch without its questions (what status polls and lists read). */
export type BatchInfo = {
  id: string;
  setId: string;
  datasetId: string;
  setName: string;
  methods: string[];
  reasoner: string;
  params: Record<string, unknown>;
  status: BatchStatus;
  total: number;
  done: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

/** One finished (question, method) of a batch. */
export type BatchItem = {
  questionId: string;
  method: string;
  position: number;
  runId: string | null;
  correct: boolean | null;
  prediction: string;
  values: unknown[];
  ms: number;
  tokens: { input: number; output: number };
  schema: SetScore | null;
  cells: SetScore | null;
  goldCells: string[] | null;
  error: string | null;
};

/** GET /api/batches/:id: progress, time left and per-method (and per-tag) numbers. */
export type BatchReport = BatchInfo & {
  /** Estimated milliseconds left (mean time per finished item × items left), null once ended. */
  etaMs: number | null;
  summary: Record<string, MethodSummary>;
  /** Accuracy per tag and method: tag → method → {n, accuracy}. */
  tags: Record<string, Record<string, { n: number; accuracy: number | null }>>;
};

/** One row of GET /api/batches/:id/items: an item with its question and gold. */
export type BatchItemRow = Omit<BatchItem, "goldCells"> & {
  question: string;
  gold: unknown[];
  tags: string[];
  hasGoldSql: boolean;
};

type FlipSide = { runId: string | null; correct: boolean | null; prediction: string };

/** One question whose right / wrong changed between two batches. */
export type FlippedQuestion = {
  questionId: string;
  question: string;
  method: string;
  gold: unknown[];
  a: FlipSide;
  b: FlipSide;
};

/** GET /api/batches/:a/diff/:b: questions right in b and wrong in a (fixed), and the other way (broken). */
export type BatchDiff = {
  a: string;
  b: string;
  /** Methods paired: the same method in both, or the only method of each when they share none. */
  pairs: Array<{ a: string; b: string }>;
  compared: number;
  fixed: FlippedQuestion[];
  broken: FlippedQuestion[];
};
