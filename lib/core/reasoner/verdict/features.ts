import type { AnswerSignals, CheckId } from "./types";

const CHECKS: CheckId[] = [
  "empty-result",
  "null-aggregate",
  "too-many-rows",
  "literal-out-of-range",
  "literal-wrong-type",
  "echoes-question",
  "low-similarity-filter",
  "unknown-target",
  "no-sql-answer",
  "method-warning",
];
const METHODS = ["fgtr", "sgam", "graphotter", "helios"];
const SHAPES = ["count", "number", "one", "list", "yes-no", "any"];

/** Signals whose weight depends on what the question asks for: each is also crossed with the expected shape. */
const CROSSED = [
  "voteAgreement",
  "voteMin",
  "voteContested",
  "targetInSelect",
  "logRows",
  "oneRow",
  "questionCoverage",
  "compound",
  "askedMore",
  "numbersUnused",
  "namesUnused",
  "sqlJoins",
  "sqlGroup",
  "sqlOrderLimitOne",
  "shapeAgrees",
  "questionWords",
  "singleTable",
  "conditions",
  "wordsUnused",
  "targetUnused",
  "rivalProbability",
];
const CROSS_SHAPES = ["count", "number", "list", "one", "any"];

/**
 * The model's feature names, in order. A signal a reasoner may lack (linker, ranker, reader) gets a
 * value feature (0 when absent) and a `has…` indicator, so a model trained before the signal
 * existed still applies, and re-training after it lands learns its weight.
 */
export const CONFIDENCE_FEATURES: readonly string[] = [
  ...METHODS.map((m) => `method:${m}`),
  "reasoner:llm",
  "voteAgreement",
  "hasVote",
  "voteMin",
  "voteContested",
  "targetInSelect",
  "linkerMargin",
  "hasLinker",
  "rankerProbability",
  "rankerMargin",
  "hasRanker",
  "readerScore",
  "hasReader",
  "logRows",
  "oneRow",
  "questionCoverage",
  "filterSimilarity",
  "conditions",
  "fallback",
  "warnings",
  ...SHAPES.map((s) => `expects:${s}`),
  "superlative",
  "numericAnswer",
  "truncated",
  "anyHardCheck",
  "questionWords",
  "compound",
  "askedMore",
  "numbersUnused",
  "namesUnused",
  "singleTable",
  "hasSql",
  "sqlJoins",
  "sqlGroup",
  "sqlOrderLimitOne",
  "sqlNegation",
  "sqlAggregate",
  "shapeAgrees",
  "hasReadingSignals",
  "wordsUnused",
  "targetUnused",
  "keyAggregated",
  "idForWhich",
  "joinAggregate",
  "literalsUnseen",
  "zeroCount",
  "rivalProbability",
  ...CHECKS.map((c) => `check:${c}`),
  ...CROSS_SHAPES.flatMap((sh) => CROSSED.map((f) => `expects:${sh}×${f}`)),
];

/** The signal vector as numbers in CONFIDENCE_FEATURES order. */
export function featureVector(s: AnswerSignals): number[] {
  const failed = new Set(s.failed.map((f) => f.id));
  const v: Record<string, number> = {
    "reasoner:llm": s.reasoner === "llm" ? 1 : 0,
    voteAgreement: s.voteAgreement ?? 0,
    hasVote: s.voteAgreement === undefined ? 0 : 1,
    voteMin: s.voteMin ?? 0,
    voteContested: Math.min(s.voteContested ?? 0, 5) / 5,
    targetInSelect: s.targetInSelect ? 1 : 0,
    linkerMargin: s.linkerMargin ?? 0,
    hasLinker: s.linkerMargin === undefined ? 0 : 1,
    rankerProbability: s.rankerProbability ?? 0,
    rankerMargin: s.rankerMargin ?? 0,
    hasRanker: s.rankerProbability === undefined ? 0 : 1,
    readerScore: s.readerScore ?? 0,
    hasReader: s.readerScore === undefined ? 0 : 1,
    logRows: Math.log1p(s.resultRows) / Math.log(201),
    oneRow: s.resultRows === 1 ? 1 : 0,
    questionCoverage: s.questionCoverage,
    filterSimilarity: s.filterSimilarity,
    conditions: Math.min(s.conditions, 4) / 4,
    // Always 0: which path answered is not a fact about the answer, so the same answer gets the same
    // verdict whether the model or the local reasoner produced it. The column stays so the trained
    // model's features line up (its weight was 0: no tune answer fell back).
    fallback: 0,
    warnings: Math.min(s.warnings, 3) / 3,
    superlative: s.superlative ? 1 : 0,
    numericAnswer: s.numericAnswer ? 1 : 0,
    truncated: s.truncated ? 1 : 0,
    anyHardCheck: s.failed.some((f) => f.hard) ? 1 : 0,
    // Signals recorded by older runs may lack these: `?? 0` keeps such vectors valid.
    questionWords: Math.min(s.questionWords ?? 0, 20) / 20,
    compound: Math.min(s.compound ?? 0, 4) / 4,
    askedMore: s.sql && (s.askedItems ?? 1) > s.sql.selectItems ? 1 : 0,
    numbersUnused: Math.min(s.numbersUnused ?? 0, 2) / 2,
    namesUnused: Math.min(s.namesUnused ?? 0, 2) / 2,
    singleTable: s.tables === 1 ? 1 : 0,
    hasSql: s.sql ? 1 : 0,
    sqlJoins: Math.min(s.sql?.joins ?? 0, 3) / 3,
    sqlGroup: s.sql?.groupBy ? 1 : 0,
    sqlOrderLimitOne: s.sql?.orderLimitOne ? 1 : 0,
    sqlNegation: s.sql?.negation ? 1 : 0,
    sqlAggregate: s.sql?.aggregate ? 1 : 0,
    shapeAgrees: s.shapeAgrees ? 1 : 0,
    // Reading signals (reading-signals.ts): absent in signals recorded before they existed.
    hasReadingSignals: s.wordsUnused === undefined ? 0 : 1,
    wordsUnused: Math.min(s.wordsUnused ?? 0, 3) / 3,
    targetUnused: Math.min(s.targetUnused ?? 0, 2) / 2,
    keyAggregated: s.keyAggregated ? 1 : 0,
    idForWhich: s.idForWhich ? 1 : 0,
    joinAggregate: s.joinAggregate ? 1 : 0,
    literalsUnseen: Math.min(s.literalsUnseen ?? 0, 2) / 2,
    zeroCount: s.zeroCount ? 1 : 0,
    rivalProbability: s.rivalProbability ?? 0,
  };
  for (const m of METHODS) v[`method:${m}`] = s.method === m ? 1 : 0;
  for (const sh of SHAPES) v[`expects:${sh}`] = s.expected === sh ? 1 : 0;
  for (const c of CHECKS) v[`check:${c}`] = failed.has(c) ? 1 : 0;
  for (const sh of CROSS_SHAPES) for (const f of CROSSED) v[`expects:${sh}×${f}`] = v[`expects:${sh}`] * (v[f] ?? 0);
  return CONFIDENCE_FEATURES.map((f) => v[f] ?? 0);
}
