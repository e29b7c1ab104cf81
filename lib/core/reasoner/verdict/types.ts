import type { Answer } from "../../trace/kinds-run";
import type { TraceEvent } from "../../trace/event";
import type { ReadingSignals } from "./reading-signals";
import type { SqlShape } from "./sql-shape";

/** A column as the checks see it: its names and observed profile (FgtrSchema fits this shape). */
export type ProfiledColumn = {
  column: string;
  name: string;
  type: string;
  expandedName?: string;
  profile?: { type: string; min: string | number | null; max: string | number | null; distinctCount?: number } | null;
};
export type ProfiledSchema = { tables: Array<{ name: string; expandedName?: string; columns: ProfiledColumn[] }> };

/** Everything the verdict reads about one answered question. */
export type AssessInput = {
  question: string;
  method: string;
  reasoner: string;
  answer: Answer;
  /** The run's trace events up to the answer (sql, votes, cell hits, ranker candidates…). */
  events: readonly TraceEvent[];
  schema: ProfiledSchema | null;
  /** The method's row cap of the answer's SQL (maxAnswerRows). */
  maxAnswerRows: number | null;
};

/** One answer-shape or plausibility check that failed; `hard` ones forbid the verdict "answered". */
export type FailedCheck = { id: CheckId; hard: boolean; reason: string };

export type CheckId =
  | "empty-result"
  | "null-aggregate"
  | "too-many-rows"
  | "literal-out-of-range"
  | "literal-wrong-type"
  | "echoes-question"
  | "low-similarity-filter"
  | "unknown-target"
  | "unknown-measure"
  | "no-sql-answer"
  | "method-warning";

/**
 * The signal vector of one answer. Every field is optional where a reasoner may not produce it:
 * a missing signal enters the model as 0 with its own "present" indicator, so a later signal
 * (a learned ranker's probability, a linker's margin, a reader's score) plugs in by re-training.
 */
export type AnswerSignals = {
  method: string;
  reasoner: string;
  /** Mean vote frequency of the kept columns (FGTR), or mean normalised attribute score (SGAM). */
  voteAgreement?: number;
  voteMin?: number;
  voteContested?: number;
  /** A word of what the question asks for names a column the query selects. */
  targetInSelect?: boolean;
  /** Top-1 minus top-2 probability of the schema linker, when it gives probabilities. */
  linkerMargin?: number;
  /** The learned program ranker's probability of the chosen program and its margin to the next. */
  rankerProbability?: number;
  rankerMargin?: number;
  /** HELIOS reader's score of its answer. */
  readerScore?: number;
  /** Rows the answer query returned (or answer values without SQL). */
  resultRows: number;
  /** Share of the question's content words found in the schema, the SQL or the answer. */
  questionCoverage: number;
  /** Lowest match score of a filter value taken from the cell index (1 when exact or none). */
  filterSimilarity: number;
  /** Number of constraints (WHERE conditions) in the answer query. */
  conditions: number;
  /** Steps that fell back from the llm to local, and warnings the method emitted. */
  fallbacks: number;
  warnings: number;
  /** The expected shape and whether the answer is one value. */
  expected: string;
  superlative: boolean;
  numericAnswer: boolean;
  truncated: boolean;
  /** Content words of the question, its joining words (and, or, not, than…), items asked for. */
  questionWords: number;
  compound: number;
  askedItems: number;
  /** Numbers of the question that neither the SQL nor the answer uses. */
  numbersUnused: number;
  /** Quoted or capitalised names of the question that neither the SQL nor the answer uses. */
  namesUnused?: number;
  /** Tables in the dataset (a one-table dataset is a different kind of question). */
  tables?: number;
  /** The answer query's form, when the answer came from SQL. */
  sql: SqlShape | null;
  /** The query's form fits the question's (a COUNT for "how many"…). */
  shapeAgrees: boolean;
  failed: FailedCheck[];
} & Partial<ReadingSignals>;

/** A runner-up answer for an unsure verdict. */
export type RunnerUp = { text: string; sql?: string; probability?: number };
