import type { Answer } from "../../trace/kinds-run";
import type { AnswerSignals, CheckId } from "./types";

/**
 * A method's own verdict: features read from the evidence the method itself reports on its answer
 * (GraphOTTER's walk), fitted and calibrated in the method's own model file (models/<method>-verdict.json,
 * the same logistic + isotonic + thresholds shape), and the checks that still apply to its answers.
 * Kept apart from the shared answer-confidence model so the two are retrained independently.
 */
export type MethodVerdictSpec = {
  features: readonly string[];
  /** The feature values of an answer, or null when the answer carries no evidence of the method's own. */
  values: (answer: Answer, signals: AnswerSignals) => Record<string, number> | null;
  /** Failed checks that still keep an answer from "answered" (the others read SQL the method has none of). */
  checks: ReadonlySet<CheckId>;
};

const ARITHMETIC = new Set(["sum", "average", "difference", "ratio", "percent-change"]);
const GROUP = new Set(["argmax", "argmin", "topk", "count", "max", "min"]);
const CHOOSE = new Set(["choose-max", "choose-min", "choose"]);

export const GRAPHOTTER_VERDICT_FEATURES = [
  "cellProbability",
  "runnerUp",
  "margin",
  "labelProbability",
  "coverage",
  "operationProbability",
  "op:lookup",
  "op:arithmetic",
  "op:group",
  "op:choose",
  "op:negate",
  "cellsReached",
  "headersMatched",
  "steps",
  "prefiltered",
  "values",
  "numericAnswer",
  "shapeMismatch",
  "wordsUnused",
  "reasoner:llm",
  "inReach",
  "siblingNamed",
  "tie",
  "cover",
  "missed",
] as const;

/** GraphOTTER's verdict: from its walk (cells reached, header matches, the operation used). */
export const GRAPHOTTER_VERDICT: MethodVerdictSpec = {
  features: GRAPHOTTER_VERDICT_FEATURES,
  values: (answer, signals) => {
    const w = answer.walk;
    if (!w) return null;
    const numeric =
      answer.values.length > 0 &&
      answer.values.every((v) => v !== null && /^[-$€£(]?[\d.,]+%?\)?$/.test(String(v).trim()));
    const expectsEntity = signals.expected === "one" || signals.expected === "list";
    const expectsNumber = signals.expected === "count" || signals.expected === "number";
    return {
      cellProbability: w.cellProbability,
      runnerUp: w.runnerUp,
      margin: w.cellProbability - w.runnerUp,
      labelProbability: w.labelProbability,
      coverage: w.coverage,
      operationProbability: w.operationProbability,
      "op:lookup": w.operation === "lookup" ? 1 : 0,
      "op:arithmetic": ARITHMETIC.has(w.operation) ? 1 : 0,
      "op:group": GROUP.has(w.operation) ? 1 : 0,
      "op:choose": CHOOSE.has(w.operation) ? 1 : 0,
      "op:negate": w.operation === "negate" ? 1 : 0,
      cellsReached: Math.log1p(w.cellsReached) / 5,
      headersMatched: Math.min(10, w.headersMatched) / 10,
      steps: Math.min(10, w.steps) / 10,
      prefiltered: w.prefiltered ? 1 : 0,
      values: Math.min(5, answer.values.length) / 5,
      numericAnswer: numeric ? 1 : 0,
      shapeMismatch: (expectsEntity && numeric) || (expectsNumber && answer.values.length > 0 && !numeric) ? 1 : 0,
      wordsUnused: Math.min(5, signals.wordsUnused ?? 0) / 5,
      "reasoner:llm": signals.reasoner === "llm" ? 1 : 0,
      inReach: w.inReach ? 1 : 0,
      siblingNamed: w.siblingNamed ?? 0,
      tie: w.tie ?? 0,
      cover: w.cover ?? 0,
      missed: Math.min(3, w.missed ?? 0),
    };
  },
  checks: new Set<CheckId>(["empty-result", "echoes-question", "method-warning"]),
};

/** Methods that judge their answers with their own verdict model when one is trained. */
export const METHOD_VERDICTS: Readonly<Record<string, MethodVerdictSpec>> = { graphotter: GRAPHOTTER_VERDICT };

/** The vector of named values in a spec's feature order. */
export const vectorOf = (spec: MethodVerdictSpec, values: Record<string, number>) =>
  spec.features.map((f) => values[f] ?? 0);
