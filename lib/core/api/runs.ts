import type { Answer, Reasoner, TraceEvent } from "../trace";
import type { Vote } from "../model/learned";

/**
 * A stored question run as the runs store returns it and the API sends it. "interrupted": the
 * server stopped (a crash, a restart) while the run was in flight; it is marked at the next start.
 */
export type RunStatus = "running" | "done" | "failed" | "interrupted";

export type RunSummary = {
  id: string;
  datasetId: string;
  question: string;
  method: string;
  reasoner: Reasoner;
  params: Record<string, unknown>;
  status: RunStatus;
  answer: Answer | null;
  error: string | null;
  createdAt: string;
  ms: number | null;
  /** The run this one re-ran with constraints, and those constraints (null for a fresh question). */
  parentRunId: string | null;
  constraints: Record<string, unknown> | null;
  /** The user's 👍 / 👎 on the answer (POST /api/runs/:id/feedback), null when none. */
  feedback: Vote | null;
};

/** A run with every trace event, for reopening and replay. */
export type RunDetail = RunSummary & { events: TraceEvent[]; children?: RunSummary[] };
