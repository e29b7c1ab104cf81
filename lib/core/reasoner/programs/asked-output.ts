import { contentWords, wordsMeet } from "../../retrieval/vocab";
import type { AnswerColumn, AnswerInput } from "../answer/input";
import { WH_TARGET } from "../lang/en/lead-words";
import { FULL_NAME_ASKED, WHEN_QUESTION, WHO_QUESTION } from "../lang/en/programs";
import { nameParts, personTable, wholeName } from "./full-name";
import { plain, type QueryPlan, type SelectItem } from "./plan";
import type { Resolver } from "../schema/resolve";

/**
 * What a wh-question asks to be shown, when its words say more than the column they name: "when …"
 * asks a date (the date column the question's verb or noun names: "born" → the birth date, "place
 * his first order" → the order date), "who …" a person's name (whole, when kept as first + last).
 */

const isDate = (c: AnswerColumn) => c.role === "date" || c.type === "date" || !!c.dateFormat;

/** The date column a "when" question asks: the one whose name meets the question's words, the main table's first. */
function askedDate(input: AnswerInput, main: string): AnswerColumn | null {
  if (!WHEN_QUESTION.test(input.question)) return null;
  const dates = input.columns.filter(isDate);
  if (!dates.length) return null;
  const values = new Set(
    input.constraints.flatMap((c) => c.predicate.values.flatMap((v) => contentWords(String(v ?? "")))),
  );
  const words = contentWords(input.question).filter((w) => !values.has(w) && !/^\d+$/.test(w));
  const score = (c: AnswerColumn) =>
    c.words.filter((o) => words.some((w) => wordsMeet(w, o))).length / Math.max(1, c.words.length) +
    (c.table === main ? 0.1 : 0) +
    (c.selected ? 0.05 : 0);
  return [...dates].sort((a, b) => score(b) - score(a))[0] ?? null;
}

/** Is this target the generic one a wh-word stands for ("name" for who, "date year time" for when)? */
function isWhTarget(target: string, wh: "who" | "when"): boolean {
  return target === WH_TARGET[wh];
}

/** The shown item for "who …" when no column answers the verb: the whole name of the one table of people. */
function askedPerson(input: AnswerInput): SelectItem | null {
  if (!WHO_QUESTION.test(input.question)) return null;
  const table = personTable(input);
  const parts = table ? nameParts(table, input) : null;
  return parts ? wholeName(parts) : null;
}

/**
 * A lookup whose shown columns and conditions are all of one table is answered from that table
 * alone ("When was Marie Curie born?" reads the laureates, not their prizes): joining a table
 * nothing uses would repeat each row once per related row.
 */
export function onOwnTable(plan: QueryPlan): QueryPlan {
  if (plan.special || plan.negation || plan.groupBy.length || plan.having || plan.extraTables.length) return plan;
  if (plan.select.some((s) => s.fn || !s.column)) return plan;
  const cols = [
    ...plan.select.flatMap((s) => [s.column!, ...(s.joined ?? [])]),
    ...(plan.orderBy?.item.column ? [plan.orderBy.item.column] : []),
  ];
  const tables = new Set([...cols.map((c) => c.table), ...plan.where.map((w) => w.table)]);
  const [only] = tables;
  return tables.size === 1 && only !== plan.mainTable && !plan.orderBy?.item.fn ? { ...plan, mainTable: only } : plan;
}

/**
 * The item a wh-target asks: the date for "when", the whole name for "who" (unless a column of the
 * people answers it) and for "full name".
 */
export function askedItem(
  target: string,
  input: AnswerInput,
  main: string,
  r: Resolver,
): { item: SelectItem; date: AnswerColumn | null } | null {
  // "the full name of the member …": the whole name of the main table's rows, else of the one table of people.
  if (FULL_NAME_ASKED.test(target)) {
    const parts = nameParts(main, input) ?? (personTable(input) ? nameParts(personTable(input)!, input) : null);
    if (parts) return { item: wholeName(parts), date: null };
  }
  const date = isWhTarget(target, "when") ? askedDate(input, main) : null;
  if (date) return { item: plain(date), date };
  const person = isWhTarget(target, "who") ? askedPerson(input) : null;
  if (!person) return null;
  const scored = r.resolveScored(target, { preferTable: main });
  return !scored || scored.column.table !== person.column?.table ? { item: person, date: null } : null;
}

/** "When did X place his first order?": the earliest (or latest) of the asked dates, not the table's first row. */
export function datePosition(
  date: AnswerColumn | null,
  position: "first" | "last" | null,
  select: readonly SelectItem[],
): NonNullable<QueryPlan["orderBy"]> | null {
  if (!date || !position || select.some((s) => s.fn)) return null;
  return { item: plain(date), direction: position === "first" ? "asc" : "desc" };
}
