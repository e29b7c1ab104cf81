import type { AnswerColumn } from "../answer/input";

/** A plan rendered as SQL: the answer's query, the query of the cells it rests on, and notes. */
export type RenderedQuery = {
  sql: string;
  /** The same rows without aggregation, with row ids: which cells the answer rests on. */
  evidenceSql: string | null;
  /** Evidence columns in the order of evidenceSql's SELECT list after the row ids. */
  evidence: { rowIdTables: string[]; columns: AnswerColumn[] };
  notes: string[];
};

/** A plan's aggregate function as SQL. */
export const SQL_AGGREGATE: Record<string, string> = { count: "COUNT", sum: "SUM", avg: "AVG", min: "MIN", max: "MAX" };
