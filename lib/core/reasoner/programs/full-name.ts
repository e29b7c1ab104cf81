import type { AnswerColumn, AnswerInput } from "../answer/input";
import { FIRST, LAST } from "../lang/en/column-roles";
import { FULL_NAME_ASKED } from "../lang/en/programs";
import { plain, sameColumn, type QueryPlan, type SelectItem } from "./plan";

/**
 * A person's name kept over several columns (first + last) is one value to people: "which customer"
 * is answered "Howard R.", not "Howard". The parts come from the semantic model's label when the
 * input carries one, else from a first-name and a last-name column of one table that share their
 * other words ("contactFirstName" / "contactLastName").
 */

/** What splitting a name reads of a column. */
type NamedColumn = { table: string; column: string; name: string; type: string };

/** The last two words of a column's name, as one ("contact first name" → "first name"). */
function tail(c: NamedColumn): { head: string; end: string } {
  const words = c.name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const two = words.slice(-2).join(" ");
  const one = words[words.length - 1] ?? "";
  const end = FIRST.test(two) || LAST.test(two) ? two : one;
  const head = words.slice(0, words.length - end.split(" ").length).join(" ");
  return { head, end };
}

/** The columns a table's rows are named by when the name is split (first, last), or null. */
export function nameParts(table: string, input: AnswerInput): AnswerColumn[] | null {
  const cols = input.columns.filter((c) => c.table === table);
  const label = input.entities?.find((e) => e.table === table)?.label;
  // The model's label decides: a customer named by "customerName" is not named by its contact's first + last name.
  if (label) {
    const parts = label.columns.map((n) => cols.find((c) => c.column === n));
    return parts.length >= 2 && parts.every((c): c is AnswerColumn => !!c) ? parts : null;
  }
  return splitName(cols);
}

/** A first-name and a last-name column among one table's columns that share their other words, or null. */
export function splitName<C extends NamedColumn>(cols: readonly C[]): C[] | null {
  const firsts = cols.filter((c) => c.type === "text" && FIRST.test(tail(c).end));
  for (const first of firsts) {
    const last = cols.find(
      (c) =>
        c.type === "text" && c.table === first.table && LAST.test(tail(c).end) && tail(c).head === tail(first).head,
    );
    if (last) return [first, last];
  }
  return null;
}

/** The one table among the answer's tables whose rows are people named by a split name, or null. */
export function personTable(input: AnswerInput): string | null {
  const named = input.tables.map((t) => t.name).filter((t) => nameParts(t, input));
  return named.length === 1 ? named[0] : null;
}

/** A plain item showing a whole split name: its first part, the others joined to it. */
export function wholeName(parts: AnswerColumn[]): SelectItem {
  return { ...plain(parts[0]), joined: parts.slice(1) };
}

/** Does the question name one part of a name ("first name", "surname") rather than the person? */
function asksPart(c: AnswerColumn, question: string): boolean {
  const q = question.toLowerCase();
  const { end } = tail(c);
  return (
    q.includes(end) ||
    (FIRST.test(end) && /\bfirst names?\b/.test(q)) ||
    (LAST.test(end) && /\b(?:last names?|surnames?|family names?)\b/.test(q))
  );
}

/**
 * The plan with a split name shown whole, as one value: a shown part (or the parts side by side)
 * becomes the whole name, unless the question asks for that part; grouping keeps every part.
 */
export function withWholeNames(plan: QueryPlan, input: AnswerInput): QueryPlan {
  if (plan.special) return plan;
  let select = plan.select;
  let groupBy = plan.groupBy;
  const tables = new Set(select.flatMap((s) => (!s.fn && s.column ? [s.column.table] : [])));
  for (const table of tables) {
    const parts = nameParts(table, input);
    if (!parts) continue;
    const isPart = (s: SelectItem) => !s.fn && !!s.column && !s.joined && parts.some((p) => sameColumn(p, s.column));
    const shown = select.filter(isPart);
    if (!shown.length) continue;
    if (shown.length === 1 && asksPart(shown[0].column!, input.question) && !FULL_NAME_ASKED.test(input.question))
      continue;
    const at = select.findIndex(isPart);
    select = [
      ...select.slice(0, at).filter((s) => !isPart(s)),
      wholeName(parts),
      ...select.slice(at + 1).filter((s) => !isPart(s)),
    ];
    if (groupBy.some((g) => parts.some((p) => sameColumn(p, g))))
      groupBy = [...groupBy, ...parts.filter((p) => !groupBy.some((g) => sameColumn(g, p)))];
  }
  return select === plan.select ? plan : { ...plan, select, groupBy };
}
