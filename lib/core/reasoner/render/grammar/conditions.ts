import type { CellValue } from "../../../trace/atoms";
import type { AnswerColumn, AnswerInput, Constraint } from "../../answer/input";
import {
  COMPARE_WORDS,
  DATE_COMPARE_WORDS,
  MISSING_WORDS,
  MONTH_NAMES,
  QUOTED_VALUE_CHARS,
} from "../../lang/en/reading-grammar";
import { PART_READ, PART_WORDS } from "../../lang/en/time";
import { columnNoun, entityNoun, flagMeaning, possessive } from "./names";

/**
 * Conditions in words: "customer's country is "Denmark"", "order date is in March 2018", "ship
 * date is missing", and a yes/no column's value as what it means ("that are not discontinued").
 * A condition on another table than the one the reading is about names that table's row first.
 */

/**
 * One condition as a clause: after "whose" (`whose`), a yes/no column's meaning ("that are not
 * discontinued", agreeing with the noun), or a phrase of its own ("with no orders").
 */
export type Clause = { whose: string } | { flag: string; not: boolean } | { with: string };

const isDate = (c: AnswerColumn | undefined) => c?.role === "date" || c?.type === "date";
/** A value written as a date or a year. */
const DATE_VALUE = /^(?:1\d|20|21)\d{2}(?:-\d{2}(?:-\d{2}.*)?)?$/;

/** A value as a reading shows it: numbers as written, text quoted (long text cut). */
export function valueWords(v: CellValue): string {
  if (v === null) return "empty";
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  const s = String(v).replace(/\uffff/g, "");
  return `"${s.length > QUOTED_VALUE_CHARS ? `${s.slice(0, QUOTED_VALUE_CHARS - 1)}…` : s}"`;
}

/** A date prefix as a period: "2015" → "in 2015", "2018-03" → "in March 2018". */
function period(v: CellValue): string | null {
  const m = /^(\d{4})(?:-(\d{2}))?$/.exec(String(v ?? ""));
  if (!m) return null;
  const month = m[2] ? MONTH_NAMES[Number(m[2]) - 1] : undefined;
  return m[2] && !month ? null : `in ${month ? `${month} ` : ""}${m[1]}`;
}

function either(values: readonly CellValue[], none: boolean): string {
  const shown = values.map(valueWords);
  if (!none) return shown.length > 1 ? `${shown.slice(0, -1).join(", ")} or ${shown[shown.length - 1]}` : shown[0];
  if (shown.length === 1) return `not ${shown[0]}`;
  return shown.length === 2 ? `neither ${shown[0]} nor ${shown[1]}` : `none of ${shown.join(", ")}`;
}

/** Is a condition a yes/no column's true or false value? Then what the row is, or is not. */
function flagClause(c: Constraint, col: AnswerColumn | undefined): Clause | null {
  if (!col || (c.predicate.op !== "=" && c.predicate.op !== "!=") || c.predicate.values.length !== 1) return null;
  const meaning = flagMeaning(col);
  const flag = col.flag;
  if (!meaning || (!flag && col.type !== "boolean")) return null;
  const v = String(c.predicate.values[0]).toLowerCase();
  const truthy = flag ? flag.trueValues.some((t) => t.toLowerCase() === v) : ["1", "true", "t", "yes", "y"].includes(v);
  const falsy = flag ? flag.falseValues.some((t) => t.toLowerCase() === v) : ["0", "false", "f", "no", "n"].includes(v);
  if (!truthy && !falsy) return null;
  return { flag: meaning, not: truthy !== (c.predicate.op === "=") };
}

/** The clause of one condition, its column named from the reading's main table. */
export function conditionClause(c: Constraint, input: AnswerInput, main: string): Clause {
  const col = input.columns.find((x) => x.table === c.table && x.column === c.column);
  const flag = flagClause(c, col);
  if (flag) return flag;
  const own = col ? columnNoun(col) : c.column;
  const subject = c.table === main ? own : `${possessive(entityNoun(c.table, input, false))} ${own}`;
  const part = c.predicate.part;
  // "order date falls on a month's last day"; "month of order date is 5".
  if (part === "month-end") return { whose: `${subject} ${PART_READ["month-end"]}` };
  if (part) return { whose: `${PART_WORDS[part]} of ${subject} ${predicateWords(c, undefined)}` };
  return { whose: `${subject} ${predicateWords(c, col)}` };
}

/** What a condition says of its column's value ("is more than 3", "is in March 2018", "is missing"). */
function predicateWords(c: Constraint, col: AnswerColumn | undefined): string {
  const { op, values } = c.predicate;
  if (op === "is-null") return MISSING_WORDS.missing;
  if (op === "not-null") return MISSING_WORDS.present;
  if (op === "between") return `is between ${valueWords(values[0])} and ${valueWords(values[1] ?? values[0])}`;
  if (op === "starts-with" && isDate(col)) {
    const periods = values.map(period);
    if (periods.every((p): p is string => !!p)) return `is ${periods.join(" or ").replace(/ or in /g, " or ")}`;
  }
  // A date compares as a date when the value reads as one ("2015-03-01", a year), not any number.
  const dated = isDate(col) && values.every((v) => DATE_VALUE.test(String(v)));
  const bare = (v: CellValue) => (dated && typeof v === "string" ? v : valueWords(v));
  const any = (vs: readonly CellValue[]) => vs.map(bare).join(" or ");
  if (dated && DATE_COMPARE_WORDS[op]) return `${DATE_COMPARE_WORDS[op]} ${any(values)}`;
  if (op === "in" || op === "=") return `is ${values.length > 1 ? either(values, false) : bare(values[0])}`;
  if (op === "not-in" || (op === "!=" && values.length > 1)) return `is ${either(values, true)}`;
  return `${COMPARE_WORDS[op] ?? op} ${any(values)}`;
}

/**
 * Clauses joined after a noun, with a leading space: " whose A and B", " that are not discontinued",
 * " with no orders"; `many` says whether the noun is plural ("that are" / "that is").
 */
export function joinClauses(clauses: readonly Clause[], many: boolean): string {
  const whose = clauses.flatMap((c) => ("whose" in c ? [c.whose] : []));
  const flags = clauses.flatMap((c) =>
    "flag" in c ? [`that ${many ? "are" : "is"}${c.not ? " not" : ""} ${c.flag}`] : [],
  );
  const other = clauses.flatMap((c) => ("with" in c ? [c.with] : []));
  const parts = [...(whose.length ? [`whose ${whose.join(" and ")}`] : []), ...flags];
  const joined = parts.join(" and ");
  return [joined, ...other]
    .filter(Boolean)
    .map((p) => ` ${p}`)
    .join("");
}
