// Aggregates of scored questions, shared by `npm run eval` reports and the in-app batch summary.
import { type MeanScore, meanScores, type SetScore } from "./set-scores";

/** Percent of right answers among the scored ones (null when none is scored), two decimals. */
export function accuracyPercent(correct: ReadonlyArray<boolean | null>): number | null {
  const scored = correct.filter((c) => c !== null);
  if (!scored.length) return null;
  return Math.round((10000 * scored.filter(Boolean).length) / scored.length) / 100;
}

/** The value at quantile `q` of `values` (nearest rank below: the median of 4 is the third), rounded. */
export function quantileMs(values: readonly number[], q: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]);
}

/** One question's score as the summary reads it. */
export type ScoredQuestion = {
  correct: boolean | null;
  ms: number;
  tokens: { input: number; output: number };
  schema?: SetScore | null;
  cells?: SetScore | null;
};

type RetrievalMeans = Omit<MeanScore, "n">;

/** A method's numbers over a set of questions (accuracy and retrieval means in percent). */
export type MethodSummary = {
  n: number;
  accuracy: number | null;
  schema?: RetrievalMeans & { n: number };
  cells?: RetrievalMeans & { n: number };
  latencyMs: { p50: number; p95: number };
  tokens: { input: number; output: number };
};

/** Summarises scored questions: accuracy, macro-averaged schema and cell scores, latency quantiles, tokens. */
export function summarizeScores(records: readonly ScoredQuestion[]): MethodSummary {
  const ms = records.map((r) => r.ms);
  const schema = meanScores(records.flatMap((r) => (r.schema ? [r.schema] : [])));
  const cells = meanScores(records.flatMap((r) => (r.cells ? [r.cells] : [])));
  return {
    n: records.length,
    accuracy: accuracyPercent(records.map((r) => r.correct)),
    ...(schema ? { schema } : {}),
    ...(cells ? { cells } : {}),
    latencyMs: { p50: quantileMs(ms, 0.5), p95: quantileMs(ms, 0.95) },
    tokens: {
      input: records.reduce((n, r) => n + r.tokens.input, 0),
      output: records.reduce((n, r) => n + r.tokens.output, 0),
    },
  };
}
