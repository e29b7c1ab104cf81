import type { RunConstraints } from "../retrieval/constraints/types";
import type { Answer, Reasoner, TraceEvent } from "../trace";
import type { LearnedSource, Vote } from "../model/learned";

/**
 * What a run is asked to do: the one shape a question has from the route to the method's adapter
 * (the main thread sends it to the worker as it is; the run row stores it without the last three fields).
 * `params` are already parsed by the method's schema.
 */
export type RunRequest = {
  datasetId: string;
  question: string;
  method: string;
  reasoner: Reasoner;
  params: Record<string, unknown>;
  /** A re-run: its parent and the pins and exclusions it honours. */
  parentRunId?: string;
  constraints?: RunConstraints;
  /** The vote the run is stored with: "up" when it re-answers with an alternative the user picked. */
  feedback?: Vote;
  /** Set when the run is one method of a compare. */
  compareId?: string;
  /** Which learned answers the reasoner reads: all (default), all but some sources, or none (false). */
  learned?: { exclude?: readonly LearnedSource[] } | false;
};

/**
 * A stored question run as the runs store returns it and the API sends it. "interrupted": the
 * server stopped (a crash, a restart) while the run was in flight; it is marked at the next start.
 */
export type RunStatus = "running" | "done" | "failed" | "interrupted";

export type RunSummary = Pick<RunRequest, "datasetId" | "question" | "method" | "reasoner" | "params"> & {
  id: string;
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
