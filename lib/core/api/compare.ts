import type { Answer, Reasoner, TraceEvent } from "../trace";

/** One method's run inside a compare. */
type CompareRun = {
  method: string;
  runId: string;
  /** "missing" when the run was deleted after the compare. */
  status: "running" | "done" | "failed" | "missing";
  answer: Answer | null;
};

/** A stored compare, as POST (JSON) and GET /api/compares/:id answer it. */
export type CompareDetail = {
  compareId: string;
  datasetId: string;
  question: string;
  reasoner: Reasoner;
  createdAt: string;
  runs: CompareRun[];
};

/** One part of a compare stream: an event of one method's run. */
export type CompareStreamPart = { method: string; runId: string; event: TraceEvent };
