import type { ColumnRef } from "../../model/column-ref";
import { fromClause, type FromClause } from "../../retrieval/sql/from";
import { quoteIdent } from "../../retrieval/sql/literals";
import { constraintSql } from "../../retrieval/sql/predicate";
import type { Constraint, JoinEdge } from "../answer/input";
import { pruneJoin, treePath } from "./tree";

/**
 * Conditions on tables an aggregate only filters by, as semi-joins: `T1.id IN (SELECT S1.order_id
 * FROM order_lines AS S1 WHERE …)` instead of a join. Joining a one-to-many table repeats the rows
 * being counted or summed once per matching child row (fan-out: an order's total counted once
 * per order line); a semi-join keeps each counted row once, whatever the child rows.
 */
export type SemiJoinPlan = {
  /** Tables the outer query joins. */
  joined: string[];
  /** The conditions on joined tables, kept in the outer WHERE. */
  outer: Constraint[];
  /** One IN (…) condition per branch of filter-only tables, in SQL. */
  conditions: (from: FromClause) => string[];
};

type Branch = { anchor: string; edge: JoinEdge; tables: Set<string> };

const edgeBetween = (edges: JoinEdge[], a: string, b: string) =>
  edges.find((e) => (e.a.table === a && e.b.table === b) || (e.b.table === a && e.a.table === b));

/**
 * Splits an aggregate's join tree into the tables it joins and branches of tables it only filters
 * by across a one-to-many step (the far side's join column is not unique), each branch becoming one
 * semi-join whose conditions share one subquery ("orders with a line of product X and quantity over
 * 10" reads both on the same line). Null when nothing can fan out.
 */
export function semiJoinPlan(
  treeTables: string[],
  edges: JoinEdge[],
  kept: Iterable<string>,
  where: Constraint[],
  sqlRefOf: (table: string) => string | undefined,
  unique: (ref: ColumnRef) => boolean,
): SemiJoinPlan | null {
  const keep = [...new Set(kept)].filter((t) => treeTables.includes(t));
  if (!keep.length) return null;
  const fansOut = (path: string[]) =>
    path.slice(1).some((t, i) => {
      const e = edgeBetween(edges, path[i], t);
      return !e || !unique(e.a.table === t ? e.a : e.b);
    });
  const whereTables = [...new Set(where.map((w) => w.table))].filter((t) => treeTables.includes(t));
  const filterOnly = whereTables.filter(
    (t) => !keep.includes(t) && keep.some((k) => fansOut(treePath(edges, k, t) ?? [k])),
  );
  if (!filterOnly.length) return null;
  const core = pruneJoin(treeTables, edges, [...keep, ...whereTables.filter((t) => !filterOnly.includes(t))]);
  const branches = new Map<string, Branch>();
  for (const f of filterOnly) {
    let best: string[] | null = null;
    for (const k of core.tables) {
      const p = treePath(edges, k, f);
      if (p && p.slice(1).every((t) => !core.tables.includes(t)) && (!best || p.length < best.length)) best = p;
    }
    const edge = best && best.length >= 2 ? edgeBetween(edges, best[0], best[1]) : undefined;
    if (!best || !edge) return null;
    const key = `${best[0]}\u0000${best[1]}`;
    const branch = branches.get(key) ?? { anchor: best[0], edge, tables: new Set<string>() };
    for (const t of best.slice(1)) branch.tables.add(t);
    branches.set(key, branch);
  }
  return {
    joined: core.tables,
    outer: where.filter((w) => core.tables.includes(w.table)),
    conditions: (from) => [...branches.values()].flatMap((b) => branchSql(b, edges, where, from, sqlRefOf)),
  };
}

function branchSql(
  b: Branch,
  edges: JoinEdge[],
  where: Constraint[],
  from: FromClause,
  sqlRefOf: (table: string) => string | undefined,
): string[] {
  const [mine, theirs] = b.edge.a.table === b.anchor ? [b.edge.a, b.edge.b] : [b.edge.b, b.edge.a];
  const outerAlias = from.alias.get(b.anchor);
  const subEdges = edges.filter((e) => b.tables.has(e.a.table) && b.tables.has(e.b.table));
  const order = [theirs.table, ...[...b.tables].filter((t) => t !== theirs.table)];
  const sub = fromClause(order, subEdges, sqlRefOf, "S");
  const subAlias = sub.alias.get(theirs.table);
  if (!outerAlias || !subAlias) return [];
  const conds = where.filter((w) => sub.alias.has(w.table)).map((w) => constraintSql(sub.alias.get(w.table)!, w));
  return [
    `${outerAlias}.${quoteIdent(mine.column)} IN (SELECT ${subAlias}.${quoteIdent(theirs.column)} ` +
      `FROM ${sub.sql}${conds.length ? ` WHERE ${conds.join(" AND ")}` : ""})`,
  ];
}
