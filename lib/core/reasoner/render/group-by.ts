import type { AnswerColumn, AnswerInput } from "../answer/input";
import { plainColumns, sameColumn, type QueryPlan } from "../programs/plan";
import { groupColumns } from "./negation-sql";

/**
 * The GROUP BY list of a plan as every engine reads it. SQLite lets a selected column stand
 * outside GROUP BY (reading it from any row of the group); PostgreSQL refuses it. So a selected
 * column is listed too when that does not change the groups: when its table is grouped by its
 * one-column primary key (one value per group). And a plan that selects plain columns beside
 * counts, sums or averages without groups ("the teachers' names and how many courses they
 * teach") is grouped by those columns, the one reading that does not depend on which row an
 * engine happens to pick.
 */
export function renderedGroups(plan: QueryPlan, input: AnswerInput): AnswerColumn[] {
  const groups = groupColumns(plan);
  const shown = [...plainColumns(plan.select), ...plan.select.flatMap((s) => (s.fn ? [] : (s.joined ?? [])))];
  const missing = shown.filter((c, i) => !groups.some((g) => sameColumn(g, c)) && shown.indexOf(c) === i);
  if (!missing.length) return groups;
  if (!groups.length) {
    // Beside MIN or MAX alone, SQLite reads the column from the row MIN or MAX picked: that is meant.
    const counted = plan.select.some((s) => s.fn && s.fn !== "min" && s.fn !== "max");
    return counted && !plan.special && !plan.having && !plan.orderBy ? missing : groups;
  }
  // A table's one-column primary key: one row per value (a part of a composite key is not one).
  const key = (g: AnswerColumn) => {
    const keys = input.columns.filter((x) => x.table === g.table && x.isPrimaryKey);
    return !g.part && keys.length === 1 && keys[0].column === g.column;
  };
  const dependent = missing.filter((c) => !c.part && groups.some((g) => g.table === c.table && key(g)));
  return [...groups, ...dependent];
}
