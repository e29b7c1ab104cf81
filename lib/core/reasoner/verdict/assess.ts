import type { Answer, Verdict } from "../../trace/kinds-run";
import { calibratedConfidence, type ConfidenceModel } from "./calibration";
import { runChecks } from "./checks";
import { CONFIDENCE_FEATURES, featureVector } from "./features";
import { HELIOS_VERDICT_FEATURES, heliosEvidenceVector } from "./helios-evidence";
import { maxRowsExpected, questionShape } from "./question-shape";
import { METHOD_VERDICTS, vectorOf } from "./method-verdict";
import { closestColumns, contentWords, schemaWordMatcher } from "./schema-words";
import { readingSignals } from "./reading-signals";
import { readable, sqlComparisons, sqlStrings } from "./sql-literals";
import { questionComplexity, shapeAgrees, sqlShape } from "./sql-shape";
import { traceFacts, type TraceFacts } from "./trace-facts";
import type { AnswerSignals, AssessInput, FailedCheck, ProfiledSchema, RunnerUp } from "./types";

/** Checks after which there is no answer to stand behind at all (not merely a doubtful one). */
const NO_ANSWER_CHECKS = new Set([
  "unknown-target",
  "unknown-measure",
  "echoes-question",
  "method-warning",
  "empty-result",
  "no-sql-answer",
]);

/**
 * Methods whose verdict is calibrated on their own evidence, by a model of their own (passed to
 * assessAnswer by name): the features each reads from its trace.
 */
const METHOD_EVIDENCE: Record<
  string,
  { names: readonly string[]; vector: (i: AssessInput, s: AnswerSignals) => number[] }
> = { helios: { names: HELIOS_VERDICT_FEATURES, vector: (i, s) => heliosEvidenceVector(i.events, i.answer, s) } };

/** The methods that may have a verdict model of their own (models/<method>-verdict.json). */
export const OWN_VERDICT_METHODS: readonly string[] = [
  ...new Set([...Object.keys(METHOD_VERDICTS), ...Object.keys(METHOD_EVIDENCE)]),
];

/** Verdict models of single methods, by method id (models/helios-verdict.json for HELIOS). */
export type MethodConfidenceModels = Partial<Record<string, ConfidenceModel>>;

export type Assessment = Required<Pick<Answer, "confidence" | "verdict" | "reason">> &
  Pick<Answer, "runnerUp" | "closest">;

/** Share of the question's content words found in the schema, the SQL's literals or the answer. */
function coverage(input: AssessInput): number {
  const ws = contentWords(input.question);
  if (!ws.length) return 1;
  const known = input.schema ? schemaWordMatcher(input.schema) : () => false;
  const literal = (
    `${(input.answer.sql ? sqlStrings(input.answer.sql) : []).join(" ")} ` +
    `${input.answer.values.slice(0, 50).join(" ")} ${input.answer.text.slice(0, 500)}`
  ).toLowerCase();
  return ws.filter((w) => known(w) || literal.includes(w)).length / ws.length;
}

/** Whether a target word of the question names a column of the query's SELECT list. */
function targetInSelect(input: AssessInput, target: string[]): boolean {
  const head = input.answer.sql ? /select\s+([\s\S]*?)\s+from\s/i.exec(input.answer.sql)?.[1] : undefined;
  if (!head || !target.length) return false;
  const cols = [...head.matchAll(/"((?:[^"]|"")+)"/g)].map((m) => m[1]);
  const selected: ProfiledSchema = {
    tables: [{ name: "", columns: cols.map((c) => ({ column: c, name: c, type: "text" })) }],
  };
  const known = schemaWordMatcher(selected);
  return contentWords(target.join(" ")).some(known);
}

/** The signal vector of an answer: trace facts, checks and the expected shape. */
export function answerSignals(
  input: AssessInput,
  facts: TraceFacts = traceFacts(input.events, input.answer),
): AnswerSignals {
  const shape = questionShape(input.question);
  const failed = runChecks(input, facts, shape);
  const rows = facts.answerSql?.ok ? facts.answerSql.rowCount : input.answer.values.length;
  let filterSimilarity = 1;
  for (const s of input.answer.sql ? sqlStrings(input.answer.sql) : []) {
    const hit = facts.hits.get(s.toLowerCase());
    if (hit && hit.match !== "exact" && hit.match !== "normalized")
      filterSimilarity = Math.min(filterSimilarity, Math.max(0, Math.min(1, hit.score)));
  }
  const sql = sqlShape(input.answer.sql);
  const complexity = questionComplexity(input.question, input.answer.sql, input.answer.text);
  return {
    ...complexity,
    questionWords: contentWords(input.question).length,
    ...(input.schema ? { tables: input.schema.tables.length } : {}),
    sql,
    shapeAgrees: shapeAgrees(shape, sql),
    method: input.method,
    // The reasoner that produced the answer: a run asked of the model that fell back to local in
    // every step is a local answer, and is judged as one.
    reasoner: input.reasoner === "llm" && facts.fallbacks > 0 && facts.llmSteps === 0 ? "local" : input.reasoner,
    voteAgreement: facts.voteAgreement,
    voteMin: facts.voteMin,
    voteContested: facts.voteContested,
    targetInSelect: targetInSelect(input, shape.target),
    linkerMargin: facts.linkerMargin,
    rankerProbability: facts.rankerProbability,
    rankerMargin: facts.rankerMargin,
    readerScore: facts.readerScore,
    resultRows: rows,
    questionCoverage: coverage(input),
    filterSimilarity,
    conditions: input.answer.sql ? sqlComparisons(input.answer.sql).length : 0,
    fallbacks: facts.fallbacks,
    warnings: facts.warnings.length,
    expected: shape.shape,
    superlative: shape.superlative,
    numericAnswer: input.answer.values.length === 1 && typeof input.answer.values[0] === "number",
    truncated: !!input.answer.truncated,
    failed,
    ...readingSignals(input, facts, shape),
  };
}

/** The runner-up: the ranker's next program when it gave one, else the next row of a one-answer question. */
function runnerUp(input: AssessInput, facts: TraceFacts): RunnerUp | undefined {
  const next = facts.otherCandidates[0];
  if (next && (next.text || next.sql))
    return {
      // A reading in words when the ranker gave one: the alternatives below the answer speak in readings too.
      text:
        next.text ??
        (next.reading ? `another reading: ${next.reading}` : `another reading of the question: ${next.sql}`),
      ...(next.sql ? { sql: next.sql } : {}),
      ...(next.probability !== undefined ? { probability: next.probability } : {}),
    };
  // Only a one-row question has a "next best" row; a list's next row is just more of the answer.
  const values = input.answer.values;
  if (values.length > 1 && maxRowsExpected(questionShape(input.question)) === 1)
    return { text: `next row: ${String(values[1] ?? "(empty)")}` };
  return undefined;
}

function positiveReason(input: AssessInput, s: AnswerSignals): string {
  if (input.answer.truncated) {
    const t = input.answer.truncated;
    return `first ${readable(t.shown)} of ${t.exact ? "" : "at least "}${readable(t.total)} rows`;
  }
  if (input.method === "helios" && s.readerScore !== undefined) {
    const share = Math.round(100 * s.readerScore);
    return `the reader gave this answer ${share}% against the other spans of the stars it read`;
  }
  if (s.rankerProbability !== undefined)
    return `the ranker gave this reading ${Math.round(100 * s.rankerProbability)}% against the other readings it tried`;
  if (s.voteAgreement !== undefined && s.voteAgreement >= 0.99) return "every schema vote agreed on the columns used";
  if (s.voteAgreement !== undefined)
    return `${Math.round(100 * s.voteAgreement)}% of schema votes agreed on the columns used`;
  return "the answer passed every shape check";
}

/**
 * Verdict from confidence and checks: any failed check keeps an answer from "answered" (its
 * reason is shown, and a doubt in words next to "Answered" would contradict it); a hard one
 * about the question itself means there is nothing to stand behind.
 */
export function verdictFor(
  confidence: number,
  failed: FailedCheck[],
  thresholds: ConfidenceModel["thresholds"],
): Verdict {
  const hard = failed.filter((f) => f.hard);
  if (hard.some((f) => NO_ANSWER_CHECKS.has(f.id))) return "no-answer";
  if (failed.length) return confidence >= thresholds.unsure || hard.length ? "unsure" : "no-answer";
  if (confidence >= thresholds.answered) return "answered";
  return confidence >= thresholds.unsure ? "unsure" : "no-answer";
}

/**
 * Assesses one answer: signals from the trace, answer-shape and plausibility checks, the
 * calibrated confidence (from the method's own evidence when `methodModels` has its model), the
 * verdict and its one-line reason (a failed check's, when one failed), the runner-up for an unsure
 * answer and, for no-answer, the dataset's closest columns.
 */
export function assessAnswer(
  input: AssessInput,
  general: ConfidenceModel,
  methodModels: MethodConfidenceModels = {},
): Assessment & { signals: AnswerSignals } {
  const facts = traceFacts(input.events, input.answer);
  const signals = answerSignals(input, facts);
  // A method with its own verdict model is judged from its own evidence: GraphOTTER's path
  // (method-verdict.ts) or HELIOS's span and passage (helios-evidence.ts).
  const spec = METHOD_VERDICTS[input.method];
  const ownValues = spec?.values(input.answer, signals) ?? null;
  if (ownValues) signals.own = ownValues;
  const evidence = METHOD_EVIDENCE[input.method];
  const methodModel = methodModels[input.method];
  let model = general;
  let confidence: number;
  if (spec && ownValues && methodModel) {
    model = methodModel;
    signals.failed = signals.failed.filter((f) => spec.checks.has(f.id));
    confidence = calibratedConfidence(model, spec.features, vectorOf(spec, ownValues));
  } else if (evidence && methodModel) {
    model = methodModel;
    confidence = calibratedConfidence(model, evidence.names, evidence.vector(input, signals));
  } else confidence = calibratedConfidence(model, CONFIDENCE_FEATURES, featureVector(signals));
  let verdict = verdictFor(confidence, signals.failed, model.thresholds);
  // A GraphOTTER cell or a HELIOS passage span that answers is evidence the method read itself:
  // doubt may make it unsure, never "no answer".
  if (verdict === "no-answer" && ownEvidence(input)) verdict = "unsure";
  // The number shown must agree with the words shown beside it.
  if (verdict !== "answered") confidence = Math.min(confidence, Math.max(0, model.thresholds.answered - 0.01));
  if (verdict === "no-answer") confidence = Math.min(confidence, model.thresholds.unsure);
  const failed = signals.failed[0];
  const reason = failed
    ? failed.reason
    : verdict === "answered"
      ? positiveReason(input, signals)
      : `${input.answer.learnedFrom ? "reused from an answer you confirmed; without that, " : ""}only ${Math.round(
          100 * confidence,
        )}% of answers like this one were right on tune data`;
  const out: Assessment & { signals: AnswerSignals } = {
    confidence: Math.round(confidence * 1000) / 1000,
    verdict,
    reason: capitalise(reason),
    signals,
  };
  if (verdict === "unsure") {
    const r = runnerUp(input, facts);
    if (r) out.runnerUp = r;
  }
  if (verdict === "no-answer" && input.schema) out.closest = closestColumns(input.schema, input.question);
  return out;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The answer rests on cells or passage sentences the method itself read (GraphOTTER, HELIOS). */
function ownEvidence(input: AssessInput): boolean {
  const a = input.answer;
  const valued = a.values.some((v) => v !== null && String(v).trim() !== "");
  return valued && (!!a.cells?.length || !!a.sentences?.length || !!a.passages?.length);
}
