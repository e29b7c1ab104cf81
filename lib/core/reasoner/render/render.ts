import { askedUnit, inAskedScale, inAskedUnit } from "../question/asked-unit";
import { fromClause, type FromClause } from "../../retrieval/sql/from";
import { quoteIdent } from "../../retrieval/sql/literals";
import { constraintSql, numericCast } from "../../retrieval/sql/predicate";
import { isoDateExpr } from "../../retrieval/sql/date-expr";
import { datePartExpr } from "../../retrieval/sql/date-part";
import type { AnswerColumn, AnswerInput, Constraint } from "../answer/input";
import { plainColumns, type QueryPlan, type SelectItem } from "../programs/plan";
import { pruneJoin } from "./tree";
import { groupColumns, joinedSql, negationSql } from "./negation-sql";
import { semiJoinPlan } from "./semi-join";
import { tiedExtreme } from "./ties";
import { renderSpecial, specialConditions } from "./render-special";
import { renderedGroups } from "./group-by";

export type RenderedQuery = {
  sql: string;
  /** The same rows without aggregation, with row ids: which cells the answer rests on. */
  evidenceSql: string | null;
  /** Evidence columns in the order of evidenceSql's SELECT list after the row ids. */
  evidence: { rowIdTables: string[]; columns: AnswerColumn[] };
  notes: string[];
};

const FN: Record<string, string> = { count: "COUNT", sum: "SUM", avg: "AVG", min: "MIN", max: "MAX" };

/** Join order for the pruned tree: breadth-first from the main table. */
function bfsOrder(tables: string[], edges: { a: { table: string }; b: { table: string } }[], start: string): string[] {
  const order = [tables.includes(start) ? start : tables[0]];
  for (let i = 0; i < order.length; i++) {
    for (const e of edges) {
      const next = e.a.table === order[i] ? e.b.table : e.b.table === order[i] ? e.a.table : null;
      if (next && tables.includes(next) && !order.includes(next)) order.push(next);
    }
  }
  return order.filter(Boolean);
}

/** The tables an aggregate reads (SELECT, GROUP BY, ORDER BY, counted tables), not those it only filters by. */
function keptTables(plan: QueryPlan): string[] {
  return tablesOf({ ...plan, where: [] });
}

/** A column of `from` as SQL: its alias and name, or for a date part ("month of order_date") the part's expression. */
const colIn = (from: FromClause) => (c: AnswerColumn) => {
  if (!from.alias.has(c.table)) return null;
  const raw = `${from.alias.get(c.table)}.${quoteIdent(c.column)}`;
  if (!c.part) return raw;
  return datePartExpr(c.dateFormat && c.dateFormat !== "iso" ? isoDateExpr(raw, c.dateFormat) : raw, c.part);
};

function tablesOf(plan: QueryPlan): string[] {
  const s = plan.special;
  const cols = [
    ...plan.select.map((i) => i.column),
    ...plan.groupBy,
    plan.orderBy?.item.column ?? null,
    s && s.kind !== "adjacent" ? s.column : null,
  ].filter((c): c is AnswerColumn => !!c);
  const sides = s ? specialConditions(s) : [];
  return [
    plan.mainTable,
    ...cols.map((c) => c.table),
    ...plan.where.map((w) => w.table),
    ...sides.map((x) => x.table),
    ...plan.extraTables,
  ];
}

/**
 * Renders a query plan as ONE SQLite SELECT over the pruned join tree, with every value as an
 * escaped literal (values come from cell mapping, never spliced from the question).
 */
export function renderPlan(plan: QueryPlan, input: AnswerInput): RenderedQuery {
  const notes = [...plan.notes];
  const sqlRefOf = (t: string) => input.tables.find((x) => x.name === t)?.sqlRef;
  const inTree = input.join.tables.length ? input.join.tables : [plan.mainTable];
  const needed = tablesOf(plan).filter((t) => inTree.includes(t));
  for (const t of new Set(tablesOf(plan)))
    if (!inTree.includes(t)) notes.push(`table "${t}" is not on the join path; left out`);
  const pruned = pruneJoin(inTree, input.join.edges, needed);
  const fullFrom = fromClause(bfsOrder(pruned.tables, pruned.edges, plan.mainTable), pruned.edges, sqlRefOf);
  // An aggregate reads its filter-only tables through semi-joins, so one-to-many joins cannot repeat its rows.
  const aggregated = plan.select.some((s) => s.fn) || !!plan.orderBy?.item.fn || !!plan.having;
  const unique = (ref: { table: string; column: string }) => {
    const c = input.columns.find((x) => x.table === ref.table && x.column === ref.column);
    return !!c && (c.isPrimaryKey || c.uniqueness >= 0.99);
  };
  const semi = aggregated
    ? semiJoinPlan(pruned.tables, pruned.edges, keptTables(plan), plan.where, sqlRefOf, unique)
    : null;
  const core = semi ? pruneJoin(pruned.tables, pruned.edges, semi.joined) : pruned;
  const from = semi ? fromClause(bfsOrder(core.tables, core.edges, plan.mainTable), core.edges, sqlRefOf) : fullFrom;
  const col = colIn(from);
  // Text columns of numbers are summed, compared and ordered as numbers; text dates as ISO dates.
  const num = (c: AnswerColumn) => {
    const e = col(c);
    if (c.part) return e;
    if (e && c.dateFormat && c.dateFormat !== "iso") return isoDateExpr(e, c.dateFormat);
    return e && c.numericText ? numericCast(e) : e;
  };
  const asked = askedUnit(input.question);
  const item = (s: SelectItem): string | null => {
    if (!s.fn && s.joined?.length && s.column) return joinedSql([s.column, ...s.joined].map(col));
    if (!s.fn) return s.column ? col(s.column) : null;
    const inner = s.column ? (s.fn === "count" ? col(s.column) : num(s.column)) : "*";
    return inner ? `${FN[s.fn]}(${s.distinct && s.column ? "DISTINCT " : ""}${inner})` : null;
  };
  // "… in kilograms?" of a grams column: the shown value converted (counts and sums of temperatures are not).
  const shown = (s: SelectItem): string | null => {
    const e = item(s);
    const convertible =
      s.column &&
      (s.fn === null ||
        s.fn === "avg" ||
        s.fn === "min" ||
        s.fn === "max" ||
        (s.fn === "sum" && askedUnit(input.question)?.dimension !== "temperature"));
    const value = e && s.column ? (s.fn ? e : (num(s.column) ?? e)) : null;
    const converted = value && convertible && s.column ? inAskedUnit(value, s.column, asked) : null;
    if (converted) notes.push(`${s.column!.name} shown in ${asked!.id}`);
    // "… in millions of dollars": the shown amount scaled to what the question asks.
    const scaled = convertible && s.column ? inAskedScale(converted ?? value ?? "", s.column, input.question) : null;
    return scaled ?? converted ?? e;
  };
  const orderExpr = (s: SelectItem): string | null => (!s.fn && s.column ? num(s.column) : item(s));
  const conds = (cs: Constraint[], f: FromClause) =>
    cs.filter((c) => f.alias.has(c.table)).map((c) => constraintSql(f.alias.get(c.table)!, c));

  const where = conds(semi ? semi.outer : plan.where, from);
  if (semi) where.push(...semi.conditions(from));
  const fullWhere = semi ? conds(plan.where, fullFrom) : where;
  const negation = negationSql(plan, input, from, sqlRefOf, notes);
  if (negation) where.push(negation);
  if (negation && semi) fullWhere.push(negation);

  if (plan.special?.kind === "adjacent") {
    const ref = sqlRefOf(plan.mainTable);
    const alias = from.alias.get(plan.mainTable);
    const a = plan.special.anchor;
    if (ref && alias) {
      const anchor = constraintSql("S1", a);
      where.push(
        `${alias}.rowid = (SELECT ` +
          `S1.rowid ${plan.special.offset < 0 ? "-" : "+"} ${Math.abs(plan.special.offset)} FROM ${ref} AS S1 ` +
          `WHERE ${anchor} ORDER BY S1.rowid LIMIT 1)`,
      );
    }
  } else if (plan.special) return renderSpecial(plan, input, from, where, col, notes);

  const selectList = plan.select.map(shown).filter((x): x is string => !!x);
  if (!selectList.length) selectList.push("COUNT(*)");
  const groupBy = groupColumns(plan)
    .map(col)
    .filter((x): x is string => !!x);
  // The GROUP BY clause: the plan's groups and the selected columns every engine must see listed.
  const grouped = renderedGroups(plan, input)
    .map(col)
    .filter((x): x is string => !!x);
  let orderItem = plan.orderBy ? orderExpr(plan.orderBy.item) : null;
  const having: string[] = [];
  if (plan.having && groupBy.length) {
    const distinct = plan.having.distinct ? col(plan.having.distinct) : null;
    const counted = distinct ? `COUNT(DISTINCT ${distinct})` : "COUNT(*)";
    having.push(`${counted} ${plan.having.op === "!=" ? "<>" : plan.having.op} ${plan.having.value}`);
  }
  let limit = plan.limit;
  // "Which director has the most films": rows with no director are not a director.
  if (groupBy.length && plan.orderBy?.item.fn && limit)
    for (const g of groupBy) where.push(`${g} IS NOT NULL AND TRIM(${g}) <> ''`);
  if (plan.ties && limit === 1 && orderItem) {
    const tied = tiedExtreme({ from: from.sql, where, groupBy, orderItem, direction: plan.orderBy!.direction });
    const kept = [...where, ...(tied.where ? [tied.where] : [])];
    where.splice(0, where.length, ...kept);
    if (tied.having) having.push(tied.having);
    [orderItem, limit] = [null, null];
  }
  const parts = [`SELECT ${plan.distinct ? "DISTINCT " : ""}${selectList.join(", ")}`, `FROM ${from.sql}`];
  if (where.length) parts.push(`WHERE ${where.join(" AND ")}`);
  if (grouped.length) parts.push(`GROUP BY ${grouped.join(", ")}`);
  if (having.length) parts.push(`HAVING ${having.join(" AND ")}`);
  if (orderItem) parts.push(`ORDER BY ${orderItem} ${plan.orderBy!.direction.toUpperCase()}`);
  else if (
    plan.rowOrder &&
    from.alias.has(plan.mainTable) &&
    input.tables.find((t) => t.name === plan.mainTable)?.hasRowId
  )
    parts.push(`ORDER BY ${from.alias.get(plan.mainTable)}.rowid ${plan.rowOrder.toUpperCase()}`);
  parts.push(`LIMIT ${limit ?? input.maxRows}`);
  // "How many customers ordered twice": the groups that pass the count condition are counted.
  if (plan.having && groupBy.length && plan.select.length && plan.select.every((s) => s.fn === "count" && !s.column)) {
    const inner = [`SELECT ${groupBy.join(", ")}`, ...parts.slice(1, -1)].join(" ");
    parts.splice(0, parts.length, `SELECT COUNT(*) FROM (${inner}) AS G`, `LIMIT ${input.maxRows}`);
  }
  const evidence = semi ? evidenceQuery(plan, input, fullFrom, fullWhere, colIn(fullFrom), orderItem) : null;
  return { sql: parts.join(" "), ...(evidence ?? evidenceQuery(plan, input, from, where, col, orderItem)), notes };
}

function evidenceQuery(
  plan: QueryPlan,
  input: AnswerInput,
  from: FromClause,
  where: string[],
  col: (c: AnswerColumn) => string | null,
  orderItem: string | null,
): Pick<RenderedQuery, "evidenceSql" | "evidence"> {
  const withRowId = from.tables.filter((t) => input.tables.find((x) => x.name === t)?.hasRowId);
  if (!withRowId.length) return { evidenceSql: null, evidence: { rowIdTables: [], columns: [] } };
  const cols = [
    ...plainColumns(plan.select),
    ...plan.select.flatMap((s) => s.joined ?? []),
    ...plan.select.filter((s) => s.fn && s.column).map((s) => s.column!),
    ...plan.where
      .map((w) => input.columns.find((c) => c.table === w.table && c.column === w.column))
      .filter((c): c is AnswerColumn => !!c),
  ];
  const unique = cols.filter(
    (c, i) => from.alias.has(c.table) && cols.findIndex((x) => x.table === c.table && x.column === c.column) === i,
  );
  const rowIds = withRowId.map((t) => `${from.alias.get(t)}.rowid`);
  const parts = [`SELECT ${[...rowIds, ...unique.map((c) => col(c)!)].join(", ")}`, `FROM ${from.sql}`];
  if (where.length) parts.push(`WHERE ${where.join(" AND ")}`);
  const ordered = orderItem && !plan.groupBy.length && plan.orderBy?.item.fn === null;
  if (ordered) parts.push(`ORDER BY ${orderItem} ${plan.orderBy!.direction.toUpperCase()}`);
  parts.push(`LIMIT ${ordered && plan.limit ? plan.limit : 200}`);
  return { evidenceSql: parts.join(" "), evidence: { rowIdTables: withRowId, columns: unique } };
}
