// Join conditions in gold SQL: every `a.x = b.y` between columns of two different tables, in ON
// clauses and in WHERE (old-style joins), with aliases resolved per SELECT scope.
import sqlParser from "node-sql-parser";

type Node = Record<string, unknown>;
type Scope = { tables: Map<string, string>; parent: Scope | null };
/** Lower-case table name → its lower-case column names. */
export type SchemaColumns = Map<string, Set<string>>;

const { Parser } = sqlParser as unknown as {
  Parser: new () => { astify(sql: string, opts: { database: string }): unknown };
};
const parser = new Parser();

/** An unordered pair of "table.column" keys, lower case. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

function scopeOf(select: Node, parent: Scope | null): Scope {
  const tables = new Map<string, string>();
  for (const f of (select.from as Node[] | null) ?? []) {
    if (typeof f.table !== "string") continue;
    const table = f.table.toLowerCase();
    tables.set(table, table);
    if (typeof f.as === "string") tables.set(f.as.toLowerCase(), table);
  }
  return { tables, parent };
}

function columnName(ref: Node): string | null {
  const c = ref.column as unknown;
  if (typeof c === "string") return c.toLowerCase();
  const v = (c as { expr?: { value?: unknown } } | null)?.expr?.value;
  return typeof v === "string" ? v.toLowerCase() : null;
}

/** table.column of a column reference: by alias or table name, else the only table in scope having the column. */
function resolve(ref: Node, scope: Scope | null, schema: SchemaColumns): string | null {
  const column = columnName(ref);
  if (!column) return null;
  const qualifier = typeof ref.table === "string" ? ref.table.toLowerCase() : null;
  for (let s = scope; s; s = s.parent) {
    if (qualifier) {
      const table = s.tables.get(qualifier);
      if (table) return `${table}.${column}`;
      continue;
    }
    const having = [...new Set(s.tables.values())].filter((t) => schema.get(t)?.has(column));
    if (having.length === 1) return `${having[0]}.${column}`;
    if (having.length > 1) return null;
  }
  return null;
}

function walk(node: unknown, scope: Scope | null, schema: SchemaColumns, out: Set<string>): void {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, scope, schema, out);
    return;
  }
  if (!node || typeof node !== "object") return;
  const n = node as Node;
  if (n.type === "select" && Array.isArray(n.from)) scope = scopeOf(n, scope);
  if (n.type === "binary_expr" && n.operator === "=") {
    const [l, r] = [n.left as Node, n.right as Node];
    if (l?.type === "column_ref" && r?.type === "column_ref") {
      const a = resolve(l, scope, schema);
      const b = resolve(r, scope, schema);
      if (a && b && a.split(".")[0] !== b.split(".")[0]) out.add(pairKey(a, b));
    }
  }
  for (const [k, v] of Object.entries(n)) if (k !== "tableList" && k !== "columnList") walk(v, scope, schema, out);
}

/**
 * Splits a query at top-level INTERSECT / EXCEPT (outside parentheses and quotes): the sqlite
 * grammar of node-sql-parser does not know them, and each side's joins stand on their own.
 */
export function splitSetOperations(sql: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (quote) {
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === "`") quote = ch;
    else if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (depth === 0 && /\s/.test(sql[i - 1] ?? " ")) {
      const m = /^(intersect|except)\s/i.exec(sql.slice(i, i + 10));
      if (m) {
        parts.push(sql.slice(start, i));
        start = i + m[1].length;
      }
    }
  }
  parts.push(sql.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** The join pairs of one SQL query; null when it cannot be parsed. */
export function sqlJoinPairs(sql: string, schema: SchemaColumns): Set<string> | null {
  const out = new Set<string>();
  for (const part of splitSetOperations(sql)) {
    let ast: unknown;
    try {
      ast = parser.astify(part, { database: "sqlite" });
    } catch {
      return null;
    }
    walk(ast, null, schema, out);
  }
  return out;
}
