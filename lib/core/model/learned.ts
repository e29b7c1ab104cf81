import type { LearnedExample } from "./program";

/**
 * Learned answers as the API and the UI see them (the reasoner reads only `LearnedExample`,
 * model/program.ts): where each came from, when, and the run it was learned on.
 */

/** How an example was learned: a 👍 or 👎 on an answer, an alternative reading picked, a question set's right answer. */
const LEARNED_SOURCES = ["thumbs-up", "thumbs-down", "picked", "question-set gold"] as const;
export type LearnedSource = (typeof LEARNED_SOURCES)[number];

/** The sources a user's own judgement of one run makes (a vote or a pick); a vote replaces them. */
export const RUN_FEEDBACK_SOURCES: readonly LearnedSource[] = ["thumbs-up", "thumbs-down", "picked"];

/** A user's vote on an answer. */
export type Vote = "up" | "down";

/** One learned example with its provenance (GET /api/datasets/:id/learned). */
export type LearnedAnswer = LearnedExample & {
  datasetId: string;
  source: LearnedSource;
  runId: string | null;
  createdAt: string;
  /** False when the stored program no longer reads under the current program schema (not reused). */
  readable: boolean;
};

/** GET /api/datasets/:id/learned: the newest examples and how many the dataset holds. */
export type LearnedListResponse = { examples: LearnedAnswer[]; total: number };

/** GET/POST /api/runs/:id/feedback: the run's vote and what it taught, if anything. */
export type RunFeedback = {
  runId: string;
  vote: Vote | null;
  /** The example this run's vote or pick stored (null when none, e.g. an answer without a program). */
  learned: LearnedAnswer | null;
  /** Why a vote taught nothing, in words ("This answer has no program to reuse…"). */
  note?: string;
};

/** GET /api/datasets/:id/learned/export: every learned example of a dataset, as a file to keep. */
export type LearnedExport = {
  format: "tablesight-learned-answers";
  version: 1;
  dataset: { id: string; name: string };
  exportedAt: string;
  examples: LearnedAnswer[];
};

/** POST /api/runs/:id/alternatives/:n with `Accept: application/json`: the new run, once it is over. */
export type AlternativeRunResult = {
  runId: string;
  parentRunId: string;
  ok: boolean;
  answer: unknown;
  learned: LearnedAnswer;
};

/** Words for a source, as the UI shows them. */
export const SOURCE_WORDS: Record<LearnedSource, string> = {
  "thumbs-up": "confirmed",
  "thumbs-down": "rejected",
  picked: "picked reading",
  "question-set gold": "question set",
};

/** POST /api/batches/:id/learn: what a batch's right answers taught. */
export type BatchLearnResult = {
  /** Right answers (of questions with a gold query) whose program is now kept as confirmed. */
  learned: number;
  /** Right answers to a question already confirmed (by another method, batch or a 👍). */
  alreadyKnown: number;
  /** Right answers without a program to keep (GraphOTTER, HELIOS, the llm reasoner's SQL). */
  withoutProgram: number;
  /** Right answers to questions with a gold query, in all. */
  right: number;
};
