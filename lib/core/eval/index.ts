/** Scoring shared by `npm run eval` and the in-app batches: exact match, execution match, retrieval scores. */
export { exactMatch, normalizeAnswerValue } from "./exact-match";
export { answerMatches, scoreAnswer, type AnswerShape } from "./answer-match";
export { sameResult } from "./exec-match";
export { analyzeGoldSql, singleQuoteStrings, type DbSchema, type GoldSql } from "./gold-sql";
export { meanScores, scoreSets, type MeanScore, type SetScore } from "./set-scores";
export {
  columnKeys,
  goldCellKeys,
  predictedCellKeys,
  scoreQuestion,
  type QuestionScore,
  type QuestionScoreInput,
  type RunRows,
  type SubTableRef,
} from "./score-question";
export { accuracyPercent, quantileMs, summarizeScores, type MethodSummary, type ScoredQuestion } from "./summary";
