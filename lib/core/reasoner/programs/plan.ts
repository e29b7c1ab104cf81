import type { Comparator } from "../../trace/atoms";
import type { AggregateFn, Intent } from "../../retrieval/types";
import type { AnswerColumn, Constraint } from "../answer/input";

/** One item of the SELECT list: a column, an aggregate of a column, or count(*). */
export type SelectItem = { fn: AggregateFn | null; column: AnswerColumn | null; distinct: boolean };

/**
 * The answer query as a structure, before it becomes SQL: what the local answer step decided
 * from the intent, the selected columns, the join tree and the mapped constraints.
 */
export type QueryPlan = {
  operation: Intent;
  mainTable: string;
  select: SelectItem[];
  where: Constraint[];
  /** "who do not have a cat": main rows whose key is not among the rows meeting these. */
  negation: { constraints: Constraint[]; table: string | null } | null;
  groupBy: AnswerColumn[];
  /** A condition on each group's count: of rows, or of distinct values of `distinct` ("in two different fields"). */
  having: { op: Comparator; value: number; distinct?: AnswerColumn | null } | null;
  orderBy: { item: SelectItem; direction: "asc" | "desc" } | null;
  /** Order by the table's own row order ("the first game", "the last year"). */
  rowOrder: "asc" | "desc" | null;
  limit: number | null;
  /** With limit 1: keep every row (or group) tied for the extreme value, not one of them. */
  ties?: boolean;
  distinct: boolean;
  /** Tables the query needs besides those of its columns (a counted table). */
  extraTables: string[];
  /** Two-sided questions: the difference of, or the choice between, two constrained values. */
  special:
    | {
        kind: "difference" | "comparison" | "ratio";
        /** The measure compared: a column's value, or its aggregate when `fn` is set; COUNT(*) when null. */
        column: AnswerColumn | null;
        fn?: AggregateFn | null;
        sides: Constraint[];
        consumed: Constraint[];
      }
    /** "What percentage of all orders were cancelled": the measure over `part` as a share of it over all rows. */
    | { kind: "percentage"; column: AnswerColumn | null; part: Constraint[]; consumed: Constraint[] }
    | { kind: "adjacent"; offset: number; anchor: Constraint; consumed: Constraint[] }
    | null;
  notes: string[];
};

export const countStar = (): SelectItem => ({ fn: "count", column: null, distinct: false });
export const plain = (column: AnswerColumn): SelectItem => ({ fn: null, column, distinct: false });

/** Columns (not aggregates) of a SELECT list. */
export function plainColumns(items: SelectItem[]): AnswerColumn[] {
  return items.filter((i) => i.fn === null && i.column).map((i) => i.column!);
}

export function sameColumn(a: AnswerColumn | null, b: AnswerColumn | null): boolean {
  return !!a && !!b && a.table === b.table && a.column === b.column;
}
