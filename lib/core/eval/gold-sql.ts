// Gold for FGTR's retrieval metrics, built as in FGTR Appendix B: parse the gold SQL, collect every
// table.column it uses (schema gold); then run each SELECT of it with the SELECT list replaced by
// the row ids of its tables (cell gold: those rows × the gold columns of each table).
import nodeSqlParser from "node-sql-parser";

const { Parser } = nodeSqlParser as unknown as {
  Parser: new () => { astify(sql: string, opt: object): unknown; sqlify(ast: unknown, opt: object): string };
};
const parser = new Parser();
type Node = Record<string, unknown>;

/** Tables of a database and their columns, lowercased. */
export type DbSchema = Map<string, string[]>;

export type GoldSql = {
  /** "table.column", lowercased. */
  columns: Set<string>;
  /** One SELECT per branch (set operations and sub-queries each give one), returning row ids. */
  branches: Array<{ sql: string; tables: string[] }>;
};

function parse(sql: string): Node {
  for (const database of ["mysql", "sqlite"]) {
    try {
      const ast = parser.astify(sql, { database });
      return (Array.isArray(ast) ? ast[0] : ast) as Node;
    } catch {
      // try the next dialect
    }
  }
  throw new Error(`cannot parse gold SQL: ${sql}`);
}

function columnName(c: unknown): string | null {
  if (typeof c === "string") return c;
  const v = (c as { expr?: { value?: unknown } })?.expr?.value;
  return typeof v === "string" ? v : null;
}

/** Every SELECT node in the tree, including set-operation branches and sub-queries. */
function selects(node: unknown, out: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    node.forEach((n) => selects(n, out));
    return out;
  }
  if (!node || typeof node !== "object") return out;
  const obj = node as Node;
  if (obj.type === "select") out.push(obj);
  for (const [k, v] of Object.entries(obj)) if (k !== "loc") selects(v, out);
  return out;
}

/** FROM tables of one SELECT: qualifier (alias or name) → table, lowercased. */
function fromTables(sel: Node, schema: DbSchema): Array<{ qualifier: string; table: string }> {
  const out: Array<{ qualifier: string; table: string }> = [];
  for (const f of (sel.from as Node[] | null) ?? []) {
    if (typeof f.table !== "string") continue;
    const table = f.table.toLowerCase();
    if (!schema.has(table)) continue;
    out.push({ qualifier: typeof f.as === "string" && f.as ? f.as : f.table, table });
  }
  return out;
}

/** Column references directly in a SELECT (not inside its sub-queries). */
function refs(node: unknown, out: Node[] = [], top = true): Node[] {
  if (Array.isArray(node)) {
    node.forEach((n) => refs(n, out, false));
    return out;
  }
  if (!node || typeof node !== "object") return out;
  const obj = node as Node;
  if (!top && obj.type === "select") return out;
  if (obj.type === "column_ref") out.push(obj);
  for (const [k, v] of Object.entries(obj)) if (k !== "loc" && k !== "_next") refs(v, out, false);
  return out;
}

/**
 * Gold SQL in Spider and BIRD writes string literals in double quotes, which SQLite builds without
 * DQS (libsql's) reject: make them single-quoted. Backticks stay identifiers.
 */
export function singleQuoteStrings(sql: string): string {
  return sql.replace(/"((?:[^"]|"")*)"/g, (_, inner: string) => `'${inner.replace(/""/g, '"').replace(/'/g, "''")}'`);
}

/** Analyses a gold query against a database schema. Throws when the SQL cannot be parsed. */
export function analyzeGoldSql(sql: string, schema: DbSchema): GoldSql {
  const ast = parse(sql);
  const all = selects(ast);
  const columns = new Set<string>();
  const scopes = new Map<Node, Array<{ qualifier: string; table: string }>>(all.map((s) => [s, fromTables(s, schema)]));
  const everyTable = [...new Set([...scopes.values()].flat().map((t) => t.table))];
  for (const sel of all) {
    const own = scopes.get(sel)!;
    for (const r of refs(sel)) {
      const name = columnName(r.column)?.toLowerCase();
      if (!name) continue;
      const qualifier = typeof r.table === "string" ? r.table.toLowerCase() : null;
      if (name === "*") {
        // SELECT * / T.* asks for every column; count(*) names none.
        continue;
      }
      let table = qualifier
        ? (own.find((t) => t.qualifier.toLowerCase() === qualifier)?.table ??
          [...scopes.values()].flat().find((t) => t.qualifier.toLowerCase() === qualifier)?.table)
        : undefined;
      if (!table)
        table =
          own.find((t) => schema.get(t.table)?.includes(name))?.table ??
          everyTable.find((t) => schema.get(t)?.includes(name));
      if (table && schema.get(table)?.includes(name)) columns.add(`${table}.${name}`);
    }
    // SELECT * : every column of the FROM tables.
    for (const c of (sel.columns as Node[] | string | null) ?? []) {
      const expr = typeof c === "object" ? ((c as Node).expr as Node | undefined) : undefined;
      if (c === "*" || (expr?.type === "column_ref" && columnName(expr.column) === "*" && !expr.table))
        for (const t of own) for (const col of schema.get(t.table) ?? []) columns.add(`${t.table}.${col}`);
    }
  }
  const branches: GoldSql["branches"] = [];
  for (const sel of all) {
    const own = scopes.get(sel)!;
    if (!own.length) continue;
    const copy = JSON.parse(JSON.stringify(sel)) as Node;
    copy.columns = own.map((t) => ({ expr: { type: "column_ref", table: t.qualifier, column: "rowid" }, as: null }));
    copy.groupby = null;
    copy.having = null;
    copy.orderby = null;
    copy.limit = { seperator: "", value: [] };
    copy.distinct = null;
    delete copy._next;
    delete copy.set_op;
    try {
      branches.push({
        sql: singleQuoteStrings(parser.sqlify(copy, { database: "mysql" })),
        tables: own.map((t) => t.table),
      });
    } catch {
      // a branch the parser cannot print back is skipped
    }
  }
  return { columns, branches };
}
