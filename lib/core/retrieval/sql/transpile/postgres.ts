/**
 * SQLite statements as PostgreSQL runs them, meaning the same: rules on the statement tree, one
 * per difference between the engines (each says which below).
 */
import {
  asText,
  binary,
  call,
  cast,
  columnName,
  fnName,
  keyOf,
  mapTree,
  type Node,
  PARAMETER,
  str,
  template,
  visit,
} from "./ast";
import { asNumber, postgresFunction } from "./postgres-functions";

const AGGREGATES = new Set(["count", "sum", "avg", "min", "max", "total", "group_concat"]);
const COMPARISONS = new Set(["=", "<>", "!=", "<", "<=", ">", ">="]);
const isColumn = (n: Node | undefined): n is Node => n?.type === "column_ref" && columnName(n) !== "*";
const isRowId = (n: Node) =>
  n.type === "column_ref" && ["rowid", "_rowid_", "oid"].includes(String(columnName(n)).toLowerCase());

const nocase = (n: Node | undefined): boolean => {
  const c = (n?.suffix as { collate?: { collate?: { name?: string } } } | undefined)?.collate?.collate?.name;
  const own = (n?.collate as { collate?: { name?: string } } | null | undefined)?.collate?.name;
  return [c, own].some((x) => x?.toUpperCase() === "NOCASE");
};
function withoutCollate(n: Node): Node {
  const { suffix, ...rest } = n;
  return n.type === "column_ref" ? { ...rest, collate: null } : suffix ? rest : n;
}

/**
 * A PostgreSQL expression standing for SQLite's rowid: the row's physical position (ctid) as one
 * integer. Stable while the row is not updated, which is what a read-only session sees.
 */
function rowId(table: unknown): Node {
  const ctid = `${typeof table === "string" && table ? `"${table.replace(/"/g, '""')}".` : ""}ctid`;
  const part = (n: number) => `CAST(split_part(btrim(CAST(${ctid} AS TEXT), '()'), ',', ${n}) AS BIGINT)`;
  return template(`(${part(1)} * 65536 + ${part(2)})`, {});
}

/**
 * Columns standing beside aggregates that are not grouped by: SQLite reads them from one row (the
 * row MIN or MAX picked, when that is the only aggregate), PostgreSQL refuses them. They are read
 * the same way: from the MIN or MAX row, else as the group's smallest value (one value per group
 * whenever the column depends on the group, as a key's name does).
 */
function bareColumns(select: Node): void {
  const items = (select.columns as Array<{ expr: Node }> | "*" | null) ?? [];
  if (!Array.isArray(items)) return;
  // A window function (SUM(…) OVER …) keeps its rows: only a plain aggregate makes one row of many.
  const aggregates = items.filter(
    (i) => i.expr.type === "aggr_func" && !i.expr.over && AGGREGATES.has(fnName(i.expr) ?? ""),
  );
  const groups = new Set(((select.groupby as { columns?: Node[] } | null)?.columns ?? []).map(keyOf));
  if (!aggregates.length && !groups.size) return;
  const only = aggregates.length === 1 ? aggregates[0].expr : null;
  const extreme = only && ["min", "max"].includes(fnName(only) ?? "") ? only : null;
  const pick = (c: Node) =>
    extreme
      ? template(`(array_agg(__c ORDER BY __o ${fnName(extreme) === "min" ? "ASC" : "DESC"} NULLS LAST))[1]`, {
          c,
          o: (extreme.args as { expr: Node }).expr,
        })
      : call("MIN", [c]);
  for (const item of items) if (isColumn(item.expr) && !groups.has(keyOf(item.expr))) item.expr = pick(item.expr);
  const aliases = new Set(
    items.map((i) => (i as { as?: unknown }).as).filter((a): a is string => typeof a === "string"),
  );
  for (const o of (select.orderby as Array<{ expr: Node }> | null) ?? [])
    if (isColumn(o.expr) && !groups.has(keyOf(o.expr)) && !(!o.expr.table && aliases.has(columnName(o.expr) ?? "")))
      o.expr = call("MIN", [o.expr]);
}

/**
 * DISTINCT rows ordered by something not selected: PostgreSQL refuses it, SQLite orders each
 * distinct row by the value of one of its source rows. Grouped by the selected expressions,
 * each group is ordered by its least value (grouped rows are distinct already).
 */
function distinctOrder(select: Node): void {
  const items = select.columns;
  const order = (select.orderby as Array<{ expr: Node }> | null) ?? [];
  if (!select.distinct || !order.length || !Array.isArray(items)) return;
  if (select.groupby) {
    select.distinct = null;
    return;
  }
  const selected = new Set((items as Array<{ expr: Node }>).map((i) => keyOf(i.expr)));
  const aliases = new Set(items.map((i: { as?: unknown }) => i.as).filter((a): a is string => typeof a === "string"));
  const outside = order.some(
    (o) => o.expr.type !== "number" && !selected.has(keyOf(o.expr)) && !aliases.has(columnName(o.expr) ?? ""),
  );
  const plain = (items as Array<{ expr: Node }>).every(
    (i) => i.expr.type !== "aggr_func" && columnName(i.expr) !== "*",
  );
  if (!outside || !plain) return;
  select.distinct = null;
  select.groupby = { columns: (items as Array<{ expr: Node }>).map((i) => structuredClone(i.expr)) };
}

/** Statement-level rules, on each SELECT before its expressions are rewritten. */
function selectRules(select: Node): void {
  distinctOrder(select);
  bareColumns(select);
  // SQLite's JSON list of ids, bound as one parameter: PostgreSQL's set of its elements.
  for (const item of (select.from as Node[] | null) ?? []) {
    const fn = item.expr as Node | undefined;
    if (fn && fnName(fn) === "json_each") {
      item.expr = call("json_array_elements_text", [cast((fn.args as { value: Node[] }).value[0], "JSON")]);
      item.as ??= "value";
      for (const c of (select.columns as Array<{ expr: Node }>) ?? [])
        if (c.expr.type === "column_ref" && columnName(c.expr) === "value") c.expr = cast(c.expr, "BIGINT");
    }
  }
}

function binaryRule(n: Node): Node | undefined {
  const op = String(n.operator).toUpperCase();
  const [left, right] = [n.left as Node, n.right as Node];
  // Case-insensitive text equality.
  if ((op === "=" || op === "<>" || op === "!=") && (nocase(left) || nocase(right)))
    return binary(op, call("lower", [asText(withoutCollate(left))]), call("lower", [asText(withoutCollate(right))]));
  // SQLite's LIKE ignores ASCII case; PostgreSQL's ILIKE does (and wants text on its left).
  if (op === "LIKE" || op === "NOT LIKE") return { ...n, operator: op.replace("LIKE", "ILIKE"), left: asText(left) };
  // A bare integer compared with a column becomes an untyped literal: PostgreSQL then reads it as the
  // column's type, as SQLite's column affinity does (a text column of numbers compares as text).
  if (COMPARISONS.has(op)) {
    const integer = (x: Node) => x.type === "number" && Number.isInteger(x.value) && !String(x.value).includes(".");
    if (isColumn(left) && integer(right)) return { ...n, right: str(String(right.value)) };
    if (isColumn(right) && integer(left)) return { ...n, left: str(String(left.value)) };
  }
  return undefined;
}

/** The SQLite statements written for PostgreSQL. */
export function toPostgres(statements: Node[]): Node[] {
  visit(statements, (n) => {
    if (n.type === "select") selectRules(n);
  });
  const rewritten = mapTree(statements, (n) => {
    if (isRowId(n)) return rowId(n.table);
    if (n.type === "param" && String(n.value).startsWith(PARAMETER))
      return { type: "origin", value: `$${String(n.value).slice(PARAMETER.length)}` };
    if (n.type === "binary_expr") return binaryRule(n);
    if (n.type === "cast") {
      const type = String((n.target as Array<{ dataType?: string }>)[0]?.dataType ?? "").toUpperCase();
      if (type === "REAL" || type === "INTEGER" || type === "INT")
        return asNumber(n.expr as Node, type === "REAL" ? "DOUBLE PRECISION" : "BIGINT");
    }
    // SQLite sums text that holds numbers; PostgreSQL sums only numbers: a plain column is read as one.
    const name = fnName(n);
    if (n.type === "aggr_func" && (name === "sum" || name === "avg")) {
      const args = n.args as { expr: Node; distinct?: unknown };
      if (isColumn(args.expr) && !args.distinct)
        return { ...n, args: { ...args, expr: asNumber(args.expr, "DOUBLE PRECISION") } };
    }
    return postgresFunction(n);
  });
  // COLLATE NOCASE left elsewhere (an ORDER BY): PostgreSQL has no such collation.
  return mapTree(rewritten, (n) => (nocase(n) ? withoutCollate(n) : undefined));
}
