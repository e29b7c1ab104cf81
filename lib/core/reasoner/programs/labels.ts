import type { AnswerColumn, AnswerInput } from "../answer/input";
import { isKeyRole } from "../schema/roles";
import { plain, sameColumn, type QueryPlan } from "./plan";
import type { Resolver } from "../schema/resolve";
import { FIRST, LAST, KEY_ASKED } from "../lang/en/column-roles";
import { nameParts, withWholeNames } from "./full-name";
import { WHO_QUESTION } from "../lang/en/programs";

/**
 * "Which employee …?" is answered with the employee's name, not the number that identifies them:
 * a key or a reference the program groups by or shows is replaced by the label of the row it
 * names (joined through the key), and rows with no such key are left out.
 */

/**
 * The columns that name a table's rows for a person: the semantic model's label (first and last name
 * side by side for a person), else first and last name columns, else the name column.
 */
function labelColumns(table: string, r: Resolver): AnswerColumn[] {
  const parts = nameParts(table, r.input);
  if (parts) return parts;
  const cols = r.columnsOf(table);
  const modelled = r.input.entities?.find((e) => e.table === table)?.label;
  const labelled = modelled?.columns.map((c) => cols.find((x) => x.column === c));
  if (labelled?.length && labelled.every((c): c is AnswerColumn => !!c)) return labelled;
  const first = cols.find((c) => FIRST.test(c.name));
  const last = cols.find((c) => LAST.test(c.name));
  if (first && last) return [first, last];
  const label = r.nameColumn(table);
  return label && !isKeyRole(label.role) ? [label] : [];
}

/**
 * For a "who" question asking for no particular column ("who won …", targets only "name"): the name
 * columns of the one table in the answer whose rows are people (a first + last name label), or null.
 */
export function whoPerson(input: AnswerInput, targets: readonly string[]): AnswerColumn[] | null {
  if (!WHO_QUESTION.test(input.question) || targets.some((t) => t !== "name")) return null;
  const people = (input.entities ?? []).filter((e) => (e.label?.columns.length ?? 0) >= 2);
  if (people.length !== 1) return null;
  const cols = people[0].label!.columns.map((c) =>
    input.columns.find((x) => x.table === people[0].table && x.column === c),
  );
  return cols.every((c): c is AnswerColumn => !!c) ? cols : null;
}

/** The table whose rows a key or reference column names (through a join edge of the tree), or null. */
function namedTable(c: AnswerColumn, input: AnswerInput): { table: string; key: AnswerColumn } | null {
  if (c.role === "identifier" || c.isPrimaryKey) return { table: c.table, key: c };
  // A column joined to another table's key names that table's row, whatever its own name
  // ("origin" holding airport codes names an airport).
  for (const e of input.join.edges) {
    const [mine, other] = sameColumn(c, e.a as AnswerColumn)
      ? [e.a, e.b]
      : sameColumn(c, e.b as AnswerColumn)
        ? [e.b, e.a]
        : [];
    if (!mine || !other) continue;
    const key = input.columns.find((x) => x.table === other.table && x.column === other.column);
    if (key && key.table !== c.table && (key.isPrimaryKey || key.uniqueness >= 0.99))
      return { table: other.table, key };
  }
  return null;
}

/**
 * The plan with its key and reference columns in SELECT and GROUP BY shown by name: grouping stays
 * on the key (two customers may share a name), the label is shown, the labelled table joined.
 */
function withEntityLabels(plan: QueryPlan, input: AnswerInput, r: Resolver): QueryPlan {
  if (plan.special || plan.select.some((s) => s.fn && !plan.groupBy.length)) return plan;
  const shown = plan.select.filter((s) => !s.fn && s.column).map((s) => s.column!);
  const keyed = shown.find(
    (c) => (isKeyRole(c.role) || c.role === "category" || c.role === "text") && namedTable(c, input),
  );
  if (!keyed || KEY_ASKED.test(input.question)) return plan;
  const named = namedTable(keyed, input)!;
  if (!input.join.tables.includes(named.table) && named.table !== keyed.table) return plan;
  const labels = labelColumns(named.table, r).filter((l) => !shown.some((s) => sameColumn(s, l)));
  if (!labels.length) return plan;
  const select = plan.select.flatMap((s) =>
    s.column && sameColumn(s.column, keyed) && !s.fn ? labels.map(plain) : [s],
  );
  const groupBy = plan.groupBy.length ? [...plan.groupBy, ...labels] : plan.groupBy;
  const extraTables = named.table === keyed.table ? plan.extraTables : [...plan.extraTables, named.table];
  return { ...plan, select, groupBy, extraTables };
}

/**
 * A name kept over several columns (first + last, the semantic model's composite label) is shown
 * whole: a plan that shows one of its columns shows the others beside it, in the label's order, and
 * groups by them too — unless the question names that one column ("first name", "surname").
 */
function withFullLabels(plan: QueryPlan, input: AnswerInput): QueryPlan {
  if (plan.special) return plan;
  const asked = input.question.toLowerCase();
  let select = plan.select;
  let groupBy = plan.groupBy;
  // A name already shown whole (full-name.ts) is left as it is.
  if (select.some((s) => s.joined?.length)) return plan;
  for (const entity of input.entities ?? []) {
    const label = entity.label?.columns ?? [];
    if (label.length < 2) continue;
    const cols = label.map((c) => input.columns.find((x) => x.table === entity.table && x.column === c));
    if (!cols.every((c): c is AnswerColumn => !!c)) continue;
    const at = select.findIndex((s) => !s.fn && s.column && cols.some((c) => sameColumn(c, s.column!)));
    if (at < 0 || select.filter((s) => !s.fn && s.column && cols.some((c) => sameColumn(c, s.column!))).length > 1)
      continue;
    const one = select[at].column!;
    if (asked.includes(one.words.join(" ")) || asked.includes(one.name.toLowerCase())) continue;
    select = [...select.slice(0, at), ...cols.map(plain), ...select.slice(at + 1)];
    if (groupBy.some((g) => sameColumn(g, one)))
      groupBy = [...groupBy, ...cols.filter((c) => !groupBy.some((g) => sameColumn(g, c)))];
  }
  return select === plan.select ? plan : { ...plan, select, groupBy };
}

/**
 * The last touches every plan gets: keys shown by name (a name over several columns shown whole),
 * and a superlative that keeps its ties (unless the question asks for a number of rows).
 */
export function finishPlan(plan: QueryPlan, input: AnswerInput, r: Resolver): QueryPlan {
  // A split person's name becomes one value; another composite label is shown side by side.
  const labelled = withFullLabels(withWholeNames(withEntityLabels(plan, input, r), input), input);
  const ties = labelled.limit === 1 && !!labelled.orderBy && !input.parsed.limit;
  return ties ? { ...labelled, ties } : labelled;
}
