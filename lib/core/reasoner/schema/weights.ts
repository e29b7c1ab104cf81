import type { AnswerColumn } from "../answer/input";
import type { SelectItem } from "../programs/plan";
import type { Resolver } from "./resolve";

/**
 * Rows that stand for several things: a table of routes with a `count` of flights on each, a
 * word list with the `frequency` of each word. "How many flights" asks for the total of that
 * column, not for the number of rows. The column is found by its name alone (general English
 * for a tally) and its type; a key or a text column never weighs rows. A `quantity` is not one:
 * it counts units of what a row is about (an order line's items), and "how many order lines"
 * still asks for lines.
 */
const TALLY_WORDS = new Set(["count", "counts", "cnt", "frequency", "freq", "n"]);

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
