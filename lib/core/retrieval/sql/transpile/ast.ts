/**
 * The statement tree the transpiler works on: node-sql-parser's AST, read with the SQLite grammar
 * and written back with the PostgreSQL one. Helpers build nodes, and `template` builds a
 * PostgreSQL expression from its own text with slots (`__x`) filled by nodes of the statement,
 * so no SQL text is ever rewritten, only trees.
 */
import postgresBuild from "node-sql-parser/build/postgresql";
import sqliteBuild from "node-sql-parser/build/sqlite";

export type Node = { type?: string; [key: string]: unknown };

type ParserClass = new () => { astify(sql: string, opt: object): unknown; sqlify(ast: unknown, opt: object): string };
// Default imports: the builds are UMD bundles whose named exports Node's ESM loader cannot see.
const sqliteParser = new (sqliteBuild as unknown as { Parser: ParserClass }).Parser();
const postgresParser = new (postgresBuild as unknown as { Parser: ParserClass }).Parser();

/** Why a statement could not be written in the target dialect: unreadable, or nothing there means the same. */
export class TranspileError extends Error {
  constructor(
    readonly reason: "parse" | "unsupported",
    message: string,
  ) {
    super(message);
    this.name = "TranspileError";
  }
}

/** The name a `?` placeholder is parsed under (the SQLite grammar reads `?` in expressions only, not in LIMIT). */
export const PARAMETER = "ts_param_";

/**
 * The statement with each `?` placeholder outside quotes and comments named `:ts_param_N` in
 * reading order: a scan of its tokens, the one step before the parse (which then reads
 * `LIMIT ?` too), whose names become PostgreSQL's `$N`.
 */
function namedPlaceholders(sql: string): string {
  let out = "";
  let n = 0;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    const end =
      ch === "'" || ch === '"' || ch === "`" || ch === "["
        ? closingQuote(sql, i, ch === "[" ? "]" : ch)
        : ch === "-" && sql[i + 1] === "-"
          ? lineEnd(sql, i)
          : ch === "/" && sql[i + 1] === "*"
            ? sql.indexOf("*/", i + 2) + 1 || sql.length - 1
            : -1;
    if (end >= 0) {
      out += sql.slice(i, end + 1);
      i = end;
    } else out += ch === "?" ? `:${PARAMETER}${++n}` : ch;
  }
  return out;
}

/** The index of the quote closing the one at `open` (a doubled quote is part of the text), or the last index. */
function closingQuote(sql: string, open: number, quote: string): number {
  for (let j = open + 1; j < sql.length; j++) {
    if (sql[j] !== quote) continue;
    if (sql[j + 1] === quote && quote !== "]") j++;
    else return j;
  }
  return sql.length - 1;
}

function lineEnd(sql: string, from: number): number {
  const nl = sql.indexOf("\n", from);
  return nl < 0 ? sql.length - 1 : nl;
}

/** The statements of SQLite SQL, or a TranspileError("parse"). */
export function parseSqlite(sql: string): Node[] {
  try {
    const ast = sqliteParser.astify(namedPlaceholders(sql), { database: "sqlite" });
    return (Array.isArray(ast) ? ast : [ast]) as Node[];
  } catch (err) {
    const detail = err instanceof Error ? err.message.slice(0, 200) : String(err);
    throw new TranspileError("parse", `The SQL could not be read as SQLite: ${detail}`);
  }
}

/** The statements written in PostgreSQL's grammar. */
export function sqlifyPostgres(statements: Node[]): string {
  return postgresParser.sqlify(statements.length === 1 ? statements[0] : statements, { database: "postgresql" });
}

const templates = new Map<string, Node>();

/** A PostgreSQL expression parsed once; each column named `__slot` replaced by `slots[slot]`. */
export function template(expr: string, slots: Record<string, Node>): Node {
  let parsed = templates.get(expr);
  if (!parsed) {
    const select = postgresParser.astify(`SELECT ${expr}`, { database: "postgresql" }) as Node;
    parsed = (select.columns as Node[])[0].expr as Node;
    templates.set(expr, parsed);
  }
  return mapTree(structuredClone(parsed), (n) => {
    const name = n.type === "column_ref" ? columnName(n) : null;
    return name?.startsWith("__") ? slots[name.slice(2)] : undefined;
  });
}

/** A column reference's name, quoted or not, as the two grammars store it. */
export function columnName(n: Node): string | null {
  const c = n.column as unknown;
  if (typeof c === "string") return c;
  const inner = (c as { expr?: { value?: unknown } } | undefined)?.expr?.value;
  return typeof inner === "string" ? inner : null;
}

/**
 * The tree with every node replaced bottom-up by `fn`'s answer (undefined keeps it): children are
 * rewritten before their parent, in the order the statement reads, so bound parameters keep theirs.
 */
export function mapTree<T>(node: T, fn: (n: Node) => Node | undefined): T {
  if (Array.isArray(node)) return node.map((x) => mapTree(x, fn)) as T;
  if (!node || typeof node !== "object") return node;
  const out: Node = {};
  for (const [k, v] of Object.entries(node as Node)) out[k] = k === "loc" ? v : mapTree(v, fn);
  return (fn(out) ?? out) as T;
}

/** Calls `fn` on every node, top-down. */
export function visit(node: unknown, fn: (n: Node) => void): void {
  if (Array.isArray(node)) for (const x of node) visit(x, fn);
  else if (node && typeof node === "object") {
    fn(node as Node);
    for (const v of Object.values(node as Node)) visit(v, fn);
  }
}

/** A function node's lower-cased name. */
export function fnName(n: Node): string | null {
  if (n.type !== "function" && n.type !== "aggr_func") return null;
  const name = n.name as unknown;
  if (typeof name === "string") return name.toLowerCase();
  const parts = (name as { name?: Array<{ value?: unknown }> } | undefined)?.name;
  return Array.isArray(parts)
    ? parts
        .map((p) => String(p.value ?? ""))
        .join(".")
        .toLowerCase()
    : null;
}

/** A scalar function call's arguments. */
export function fnArgs(n: Node): Node[] {
  const args = n.args as { value?: Node[] | Node } | undefined;
  const v = args?.value;
  return Array.isArray(v) ? v : v ? [v] : [];
}

export const str = (value: string): Node => ({ type: "single_quote_string", value });
export const num = (value: number): Node => ({ type: "number", value });
export const call = (name: string, args: Node[]): Node => ({
  type: "function",
  name: { name: [{ type: "default", value: name }] },
  args: { type: "expr_list", value: args },
  over: null,
});
export const cast = (expr: Node, dataType: string): Node => ({
  type: "cast",
  keyword: "cast",
  expr,
  symbol: "as",
  target: [{ dataType, suffix: [] }],
});
export const binary = (operator: string, left: Node, right: Node): Node => ({
  type: "binary_expr",
  operator,
  left,
  right,
});

/** The expression as text (for comparing two expressions, e.g. a selected column with GROUP BY's). */
export const keyOf = (n: Node): string => JSON.stringify(n, (k, v) => (k === "loc" ? undefined : v));

/** Functions whose value is text in PostgreSQL too. */
const TEXT_VALUED = new Set([
  "replace",
  "trim",
  "ltrim",
  "rtrim",
  "btrim",
  "lower",
  "upper",
  "substr",
  "concat",
  "chr",
]);

/** The expression read as text: literals, text functions, `||` and casts to TEXT as they are, anything else cast. */
export function asText(n: Node): Node {
  if (n.type === "single_quote_string" || TEXT_VALUED.has(fnName(n) ?? "")) return n;
  if (n.type === "binary_expr" && n.operator === "||") return n;
  const target = (n.target as Array<{ dataType?: string }> | undefined)?.[0]?.dataType;
  if (n.type === "cast" && target?.toUpperCase() === "TEXT") return n;
  return cast(n, "TEXT");
}
