import type { AnswerColumn } from "../answer/input";
import type { SelectItem } from "../programs/plan";
import type { Resolver } from "./resolve";
import { TALLY_WORDS } from "../lang/en/column-roles";

/** The column whose value says how many things a row of the table stands for, or null. */
export function weightColumn(r: Resolver, table: string): AnswerColumn | null {
  const tallies = r
    .columnsOf(table)
    .filter(
      (c) =>
        (c.type === "integer" || c.type === "real" || c.numericText) &&
        !c.keyLike &&
        !c.isPrimaryKey &&
        c.own.length === 1 &&
        TALLY_WORDS.has(c.own[0].toLowerCase()),
    );
  // Two tallies (a count and a quantity) leave the choice open: count rows as before.
  return tallies.length === 1 ? tallies[0] : null;
}

/**
 * How a counted noun that names a table is tallied: the total of its weight column when it has
 * one, else the number of rows. `phrase` is the counted noun ("flights departed").
 */
export function tallyOf(r: Resolver, phrase: string | null | undefined): { item: SelectItem; table: string } | null {
  if (!phrase) return null;
  const table = r.table(phrase, 0.45);
  const weight = table ? weightColumn(r, table) : null;
  return table && weight ? { item: { fn: "sum", column: weight, distinct: false }, table } : null;
}
