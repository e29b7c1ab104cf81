/** Scoring shared by `npm run eval` and the in-app batches: exact match, execution match, retrieval scores. */
export { exactMatch } from "./exact-match";
export { singleQuoteStrings, type DbSchema, type GoldSql } from "./gold-sql";
export type { SetScore } from "./set-scores";
export {
  columnKeys,
  goldCellKeys,
  predictedCellKeys,
  scoreQuestion,
  type RunRows,
} from "./score-question";
export { summarizeScores, type MethodSummary } from "./summary";
