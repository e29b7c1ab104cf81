import { SUPERLATIVES } from "../lang/en/lexicon";
import type { AnswerColumn, AnswerInput } from "../answer/input";
import { countStar, plain, plainColumns, sameColumn, type QueryPlan, type SelectItem } from "./plan";
import { Resolver } from "../schema/resolve";
import { aggregates } from "../schema/roles";
import { finishPlan, whoPerson } from "./labels";
import { negatedConstraints } from "./negation";
import { adjacentRow, twoSided } from "./special-plans";
import { tallyOf } from "../schema/weights";
import { aggregateRanking } from "./aggregate-superlative";
import { WHO_QUESTION, RANK_WORDS } from "../lang/en/programs";
import { groupByDatePart } from "./date-group";

const isNumeric = (c: AnswerColumn) => c.type === "integer" || c.type === "real" || c.numericText;

/** The table the question is about: its subject, the counted noun, or the table of its targets. */
function mainTableOf(input: AnswerInput, r: Resolver): string {
  const p = input.parsed;
  const candidates = [
    p.subject,
    ...p.aggregates.filter((a) => a.fn === "count").map((a) => a.phrase),
    ...p.targets,
  ].filter((x): x is string => !!x);
  for (const c of candidates) {
    const t = r.table(c, 0.55);
    if (t) return t;
  }
  for (const t of p.targets) {
    const col = r.resolve(t);
    if (col) return col.table;
  }
  const weight = new Map<string, number>();
  for (const c of input.columns)
    if (c.selected) weight.set(c.table, (weight.get(c.table) ?? 0) + c.frequency + (c.keyLike ? 0 : 0.5));
  return (
    [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? input.join.tables[0] ?? input.tables[0]?.name ?? ""
  );
}

function addItem(select: SelectItem[], item: SelectItem): void {
  if (
    !select.some(
      (s) =>
        s.fn === item.fn &&
        s.distinct === item.distinct &&
        (sameColumn(s.column, item.column) || (!s.column && !item.column)),
    )
  )
    select.push(item);
}

/** The column an ordering phrase names: an adjective's attribute ("oldest" → age) or a column. */
function orderColumn(phrase: string, r: Resolver, main: string): { column: AnswerColumn; flip: boolean } | null {
  if (SUPERLATIVES[phrase]) return r.concept(phrase, { preferTable: main });
  const col = r.resolve(phrase, { preferTable: main, numeric: false });
  return col ? { column: col, flip: false } : null;
}

/**
 * The local answer planner: turns the parsed intent, the selected columns, the join tree and the
 * mapped constraints into a query plan. Everything it names comes from the schema; every value
 * comes from cell mapping.
 */
export function planAnswer(input: AnswerInput): QueryPlan {
  const p = input.parsed;
  const r = new Resolver(input);
  const main = mainTableOf(input, r);
  const notes: string[] = [];
  const select: SelectItem[] = [];
  const extraTables: string[] = [];
  let groupBy: AnswerColumn[] = [];
  let orderBy: QueryPlan["orderBy"] = null;
  let having: QueryPlan["having"] = null;
  let limit: number | null = null;

  for (const a of p.aggregates) {
    if (a.fn === "count") {
      const counted = a.phrase ? r.table(a.phrase, 0.55) : null;
      const col = a.phrase ? r.resolve(a.phrase, { preferTable: main }) : null;
      // "how many different types" counts values; "how many games" counts rows.
      // "how many votes did Deodar receive": the phrase names a numeric column, so the count is
      // already in the table; add it up over the matching rows instead of counting rows.
      const measure =
        a.phrase && !counted && !a.distinct ? r.resolveScored(a.phrase, { numeric: true, preferTable: main }) : null;
      const tally = a.distinct ? null : tallyOf(r, a.phrase);
      if (tally) addItem(select, tally.item);
      else if (measure && measure.match >= 0.75 && !measure.column.keyLike)
        addItem(select, { fn: "sum", column: measure.column, distinct: false });
      else if (col && a.distinct) addItem(select, { fn: "count", column: col, distinct: true });
      else addItem(select, countStar());
      if (counted && counted !== main) extraTables.push(counted);
      if (tally && tally.table !== main) extraTables.push(tally.table);
      continue;
    }
    const resolved = r.resolve(a.phrase, { preferTable: main, numeric: a.fn === "sum" || a.fn === "avg" });
    // "the highest price" is MAX of a measure or a date, never of a name or a key.
    const col =
      (resolved && aggregates(resolved.role, a.fn) ? resolved : null) ??
      r.concept(a.phrase, { preferTable: main })?.column ??
      (resolved ? r.resolve(a.phrase, { preferTable: main, numeric: true }) : null);
    if (col) addItem(select, { fn: a.fn, column: col, distinct: false });
    else notes.push(`no column for "${a.phrase}"`);
  }
  if (p.intent === "count" && !select.some((s) => s.fn === "count" || s.fn === "sum")) addItem(select, countStar());

  // "who directed …": when the verb names a column, it replaces the generic "name".
  const whoVerb = WHO_QUESTION.test(input.question) && p.targets.length === 2 && p.targets[0] === "name";
  const verbTarget = whoVerb ? r.resolveScored(p.targets[1], { preferTable: main }) : null;
  const targets = whoVerb ? (verbTarget && verbTarget.match >= 0.45 ? [p.targets[1]] : ["name"]) : p.targets;
  // "Who won …": a person's name, from the one table in the answer whose rows are people.
  const person = whoPerson(input, targets);
  if (person) for (const c of person) addItem(select, plain(c));
  for (const t of person ? [] : targets) {
    const scored = r.resolveScored(t, { preferTable: main });
    // "Which school …": a target naming a table asks for its rows' names, unless a column of
    // that table matches the phrase well ("school name").
    const table = r.table(t, 0.6);
    const named =
      table && (!scored || scored.match < 0.75 || scored.column.table !== table) ? r.nameColumn(table) : null;
    if (named) addItem(select, plain(named));
    else if (scored) addItem(select, plain(scored.column));
  }
  const targetCols = plainColumns(select);
  const hasAggregate = select.some((s) => s.fn !== null);

  // Grouping: "for each X", or the asked-for column when "each" has no noun of its own.
  if (p.groupBy.length && hasAggregate) {
    for (const g of p.groupBy) {
      const col = g
        ? (r.resolve(g, { preferTable: main }) ?? (r.table(g) ? r.keyColumn(r.table(g)!) : null))
        : (targetCols[0] ?? null);
      if (col && !groupBy.some((x) => sameColumn(x, col))) groupBy.push(col);
    }
    for (const g of groupBy) if (!targetCols.some((c) => sameColumn(c, g))) addItem(select, plain(g));
  }

  // Superlatives: by a count ("the most documents") or by an attribute ("the youngest").
  const sup = p.superlative;
  const aggregated = p.aggregates.some((a) => a.fn === "max" || a.fn === "min");
  // "the customer with the largest sum of payments", "top 5 products by quantity ordered".
  const ranked = aggregateRanking(input, r, main, targetCols);
  if (ranked) {
    [groupBy, orderBy, limit] = [[ranked.group], ranked.orderBy, ranked.limit];
    if (!targetCols.length) addItem(select, plain(ranked.group));
  } else if (sup && !aggregated) {
    const dir = sup.direction === "max" ? "desc" : "asc";
    // "the most test takers" counts nothing when a numeric column is named by the phrase.
    const measured = sup.byCount ? r.resolveScored(sup.phrase, { numeric: true, preferTable: main }) : null;
    const attr = sup.byCount
      ? measured && measured.match >= 0.75 && !measured.column.keyLike
        ? { column: measured.column, flip: false }
        : null
      : orderColumn(sup.phrase, r, main);
    const counted = r.table(sup.phrase, 0.5);
    if (attr && !(counted && !isNumeric(attr.column) && !attr.flip && attr.column.keyLike)) {
      // "the top ranked": rank 1 is the top, so a rank-like column sorts ascending for "best".
      const rankLike = attr.column.words.some((w) => RANK_WORDS.includes(w));
      const flip = attr.flip !== rankLike ? (dir === "desc" ? "asc" : "desc") : dir;
      orderBy = { item: plain(attr.column), direction: flip };
    } else {
      const group = targetCols[0] ?? r.keyColumn(main);
      if (group) groupBy = [group];
      const tally = tallyOf(r, sup.phrase);
      if (counted && counted !== main) extraTables.push(counted);
      orderBy = { item: tally?.item ?? countStar(), direction: dir };
    }
    limit = p.limit ?? 1;
  }
  if (!orderBy && p.orderBy) {
    const ord = p.orderBy.phrase
      ? orderColumn(p.orderBy.phrase, r, main)
      : targetCols[0]
        ? { column: targetCols[0], flip: false }
        : null;
    if (ord)
      orderBy = {
        item: plain(ord.column),
        direction: ord.flip ? (p.orderBy.direction === "asc" ? "desc" : "asc") : p.orderBy.direction,
      };
    if (p.limit) limit = p.limit;
  }

  // "with more than one pet": a count per entity; group by the asked-for column when the counted
  // rows are in its table, else by the key of the table the question is about.
  // A count condition whose number already constrains a column ("250 test takers") is not one.
  const havingIsBound =
    p.having && input.constraints.some((c) => c.numeric && c.predicate.values.includes(p.having!.value));
  if (p.having && !havingIsBound) {
    const counted = r.table(p.having.phrase, 0.5);
    const target = targetCols[0];
    const group = target && counted && target.table === counted ? target : (r.keyColumn(main) ?? target);
    if (group) {
      groupBy = [group];
      // "in two different fields": distinct values of the column the phrase names are counted.
      const distinct = p.having.distinct ? r.resolve(p.having.phrase, { preferTable: counted ?? main }) : null;
      having = { op: p.having.comparator, value: p.having.value, ...(distinct ? { distinct } : {}) };
      if (counted && counted !== group.table) extraTables.push(counted);
    }
  }

  if (p.intent === "yes-no") {
    select.length = 0;
    select.push(countStar());
    groupBy = [];
    orderBy = null;
    having = null;
    limit = null;
  }
  if (select.length === 0) {
    const fallback = [...input.columns]
      .filter(
        (c) => c.selected && !c.keyLike && !input.constraints.some((k) => k.table === c.table && k.column === c.column),
      )
      .sort((a, b) => b.frequency - a.frequency)[0];
    const col = fallback ?? r.nameColumn(main);
    if (col) addItem(select, plain(col));
  }

  const { negated, kept, table: negTable } = negatedConstraints(input, r, main);
  const special = adjacentRow(input, main, kept) ?? twoSided(input, r, main, kept);
  // "the first game", "the last year": the table's own row order decides.
  const rowOrder =
    p.position && !orderBy && !select.some((s) => s.fn) ? (p.position === "first" ? "asc" : "desc") : null;
  if (rowOrder) limit = p.limit ?? 1;
  const planned: QueryPlan = {
    operation: p.intent,
    mainTable: main,
    select,
    where: special ? kept.filter((k) => !special.consumed.includes(k)) : kept,
    negation: negated.length || negTable ? { constraints: negated, table: negTable } : null,
    groupBy,
    having,
    orderBy,
    rowOrder,
    limit,
    distinct: p.distinct && !select.some((s) => s.fn) && !groupBy.length,
    extraTables: [...new Set(extraTables)],
    special,
    notes,
  };
  // "Which month had the most orders": grouped by a part of a date column.
  return finishPlan(p.dateGroup ? groupByDatePart(planned, input, r) : planned, input, r);
}
