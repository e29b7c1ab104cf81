import { z } from "zod";
import { programJsonSchema } from "../model/program";
import { cellValueSchema, eventBase, reasonerSchema, rowIdSchema, TRACE_LIMITS } from "./atoms";
import { walkEvidenceSchema } from "./walk-evidence";

/** Events about the run as a whole and about its steps: lifecycle, timing, SQL, LLM calls. */

export const runStartEvent = z.object({
  ...eventBase,
  type: z.literal("run-start"),
  runId: z.string(),
  datasetId: z.string(),
  question: z.string(),
  method: z.string(),
  reasoner: reasonerSchema,
  params: z.record(z.string(), z.unknown()),
  /** A re-run: the run it re-ran and the constraints it honours (pins, exclusions, conditions). */
  parentRunId: z.string().optional(),
  constraints: z.record(z.string(), z.unknown()).optional(),
  /** A run started by a compare of several methods. */
  compareId: z.string().optional(),
});

export const runEndEvent = z.object({
  ...eventBase,
  type: z.literal("run-end"),
  ms: z.number().nonnegative(),
  ok: z.boolean(),
});

export const stageStartEvent = z.object({
  ...eventBase,
  type: z.literal("stage-start"),
  stage: z.string().min(1),
  /** Human wording for the timeline, e.g. "Schema mapping (K = 5 votes)". */
  label: z.string().optional(),
});

export const stageEndEvent = z.object({
  ...eventBase,
  type: z.literal("stage-end"),
  stage: z.string().min(1),
  ms: z.number().nonnegative(),
  ok: z.boolean(),
});

/**
 * One typed step finished (see lib/core/reasoner): which reasoner actually produced the output,
 * how long the whole step took and whether the LLM output was given up for the local one.
 */
export const stepEndEvent = z.object({
  ...eventBase,
  type: z.literal("step-end"),
  step: z.string(),
  reasoner: reasonerSchema,
  ms: z.number().nonnegative(),
  /** LLM attempts made (0 for a local step, 2 when a repair was needed). */
  attempts: z.number().int().nonnegative(),
  fallback: z.boolean(),
  sample: z.number().int().nonnegative().optional(),
});

export const llmCallEvent = z.object({
  ...eventBase,
  type: z.literal("llm-call"),
  step: z.string(),
  provider: z.string(),
  model: z.string(),
  ms: z.number().nonnegative(),
  inputTokens: z.number().int().nonnegative().optional(),
  outputTokens: z.number().int().nonnegative().optional(),
  ok: z.boolean(),
  error: z.string().optional(),
  /** 1 for the first try, 2 for the repair re-ask. */
  attempt: z.number().int().positive(),
  sample: z.number().int().nonnegative().optional(),
  temperature: z.number().nonnegative().optional(),
});

export const sqlEvent = z.object({
  ...eventBase,
  type: z.literal("sql"),
  sql: z.string(),
  rowCount: z.number().int().nonnegative(),
  ms: z.number().nonnegative(),
  ok: z.boolean(),
  error: z.string().optional(),
  /** Why the statement ran, e.g. "cell mapping: numeric filter". */
  purpose: z.string().optional(),
});

export const warningEvent = z.object({
  ...eventBase,
  type: z.literal("warning"),
  message: z.string(),
  step: z.string().optional(),
  code: z.string().optional(),
});

export const errorEvent = z.object({
  ...eventBase,
  type: z.literal("error"),
  message: z.string(),
  code: z.string(),
});

/** A cell the answer rests on; the heatmap outlines it. */
const evidenceCellSchema = z.object({
  table: z.string(),
  column: z.string(),
  rowId: rowIdSchema,
  value: cellValueSchema,
});
export type EvidenceCell = z.infer<typeof evidenceCellSchema>;

/** How far the app stands behind an answer (lib/core/reasoner/verdict): shown beside it in words and colour. */
const verdictSchema = z.enum(["answered", "unsure", "no-answer"]);
export type Verdict = z.infer<typeof verdictSchema>;

/**
 * The verdict on an answer, added by the run's glue after the method answered. Optional, so runs
 * stored before verdicts existed still parse.
 */
const answerVerdictShape = {
  /** Calibrated probability that the answer is right. */
  confidence: z.number().min(0).max(1).optional(),
  verdict: verdictSchema.optional(),
  /** One line in the user's words: why unsure or no answer, or what the answer rests on. */
  reason: z.string().max(500).optional(),
  /** The row cap cut the result: `shown` rows of `total` (`exact` false: at least `total`). */
  truncated: z
    .object({ shown: z.number().int().nonnegative(), total: z.number().int().nonnegative(), exact: z.boolean() })
    .optional(),
  /** The next-best answer the run had (a ranker's second program, the next row…). */
  runnerUp: z
    .object({
      text: z.string().max(2000),
      sql: z.string().optional(),
      probability: z.number().min(0).max(1).optional(),
    })
    .optional(),
  /** The answer's program in words: "I read this as: …" (local answer step). */
  reading: z.string().max(1000).optional(),
  /** The answer's program as JSON (model/program.ts): what 👍 stores to reuse on similar questions. */
  program: programJsonSchema.optional(),
  /** The next best readings, each a program the user can pick to re-answer with. */
  alternatives: z
    .array(
      z.object({
        reading: z.string().max(1000),
        sql: z.string(),
        probability: z.number().min(0).max(1).optional(),
        program: programJsonSchema.optional(),
      }),
    )
    .max(3)
    .optional(),
  /** Where the program came from when not from this question alone: a confirmed earlier answer. */
  learnedFrom: z.object({ question: z.string().max(2000), similarity: z.number().min(0).max(1) }).optional(),
  /** For no-answer: what the dataset holds that comes closest to the question. */
  closest: z
    .array(z.object({ table: z.string(), column: z.string(), name: z.string() }))
    .max(10)
    .optional(),
};

/**
 * A result cell that reads a stored number unchanged, as the file wrote it: `[row, column, text]`
 * ("9970610.0" where the number is 9970610). Shown and exported in place of the value.
 */
const writtenCellSchema = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative(), z.string()]);
export type WrittenCell = z.infer<typeof writtenCellSchema>;

/**
 * The answer query's result as it came back: its column names and first rows (values as the engine
 * returned them). `rowCount` counts the rows the query returned; `cut` says the rows here are fewer.
 * `written` names the cells whose text the file wrote otherwise than the value prints.
 */
const answerResultSchema = z.object({
  columns: z.array(z.string()).max(TRACE_LIMITS.columns),
  rows: z.array(z.array(cellValueSchema)).max(TRACE_LIMITS.resultRows),
  rowCount: z.number().int().nonnegative(),
  cut: z.boolean(),
  written: z.array(writtenCellSchema).max(10_000).optional(),
  /**
   * What each column is (the semantic model's role of the column it selects, "measure" for an
   * aggregate): an identifier, code or date is shown as written, never as a quantity ("1532", not "1,532").
   */
  roles: z
    .array(z.enum(["identifier", "reference", "measure", "date", "label", "category", "code", "text"]))
    .max(TRACE_LIMITS.columns)
    .optional(),
});
export type AnswerResultTable = z.infer<typeof answerResultSchema>;

/** What a method returns: the answer text, its values and the cells (and passages) behind it. */
export const answerSchema = z.object({
  text: z.string(),
  values: z.array(cellValueSchema).max(TRACE_LIMITS.values),
  /** The answer query's result table (absent for answers not read off one query, and in older runs). */
  result: answerResultSchema.optional(),
  /** The SQL as the methods built it (SQLite-flavoured: what confidence and replays read). */
  sql: z.string().optional(),
  /** The same statement as the dataset's engine ran it, when that is another dialect (PostgreSQL). */
  engineSql: z.string().optional(),
  evidence: z.array(evidenceCellSchema).max(TRACE_LIMITS.evidence),
  /** Passage ids (HELIOS) the answer rests on. */
  passages: z.array(z.string()).max(TRACE_LIMITS.evidence).optional(),
  /** Passage sentences the answer rests on (HELIOS), highlighted in the answer panel. */
  sentences: z
    .array(z.object({ passage: z.string(), text: z.string() }))
    .max(TRACE_LIMITS.evidence)
    .optional(),
  /** The operation that produced the values, e.g. "count", "max", "lookup". */
  operation: z.string().optional(),
  explanation: z.string().optional(),
  /** HELIOS's trained reader: its probability that this answer is right (absent otherwise). */
  readerScore: z.number().min(0).max(1).optional(),
  /** GraphOTTER's own evidence for its answer (walk-evidence.ts), the features of its verdict. */
  walk: walkEvidenceSchema.optional(),
  /** Cell-graph nodes (GraphOTTER) the answer rests on, header cells included. */
  cells: z
    .array(z.object({ node: z.string(), value: z.string() }))
    .max(TRACE_LIMITS.evidence)
    .optional(),
  ...answerVerdictShape,
});
export type Answer = z.infer<typeof answerSchema>;

export const answerEvent = z.object({
  ...eventBase,
  type: z.literal("answer"),
  ...answerSchema.shape,
});
