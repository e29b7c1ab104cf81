import "server-only";
import sqliteSqlParser from "node-sql-parser/build/sqlite";
import { ALLOWED_FUNCTIONS, ALLOWED_TABLE_FUNCTIONS } from "./allowed-functions";
import { SqlRefusedError } from "./errors";
import { checkTokens } from "./lexical";

// A default import: the build is a UMD bundle whose named exports Node's ESM loader cannot see (tsx scripts).
const { Parser } = sqliteSqlParser;

/** A table the statement may read: its schema ("main" or an attach alias) and SQL name. */
export type GuardTable = { schema: string; name: string };

export type CheckOptions = {
  /** When given, every table the statement reads must be one of these (or a CTE it defines). */
  tables?: readonly GuardTable[];
  maxLength?: number;
};

export type CheckedSql = { sql: string; functions: string[]; tables: string[] };

export const MAX_SQL_LENGTH = 20_000;

const parser = new Parser();
type Node = Record<string, unknown>;

/**
 * Accepts exactly one read-only SELECT (WITH … SELECT and WITH RECURSIVE included) and throws a
 * SqlRefusedError naming the reason otherwise. Three independent looks: the token scan (statement
 * keywords, a second statement, denied names), node-sql-parser's AST (statement type, every
 * function against the allow-list, every table against the dataset), and — in the worker — the
 * compiled program. Fails closed: SQL the parser cannot read is refused.
 */
export function checkSql(input: string, options: CheckOptions = {}): CheckedSql {
  const sql = input.trim();
  if (!sql) throw new SqlRefusedError("empty", "The SQL statement is empty.");
  const max = options.maxLength ?? MAX_SQL_LENGTH;
  if (sql.length > max)
    throw new SqlRefusedError("too_long", `The SQL statement is ${sql.length} characters long; the limit is ${max}.`);
  checkTokens(sql);

  let ast: unknown;
  try {
    ast = parser.astify(sql, { database: "sqlite" });
  } catch (err) {
    const detail = err instanceof Error ? err.message.slice(0, 200) : String(err);
    throw new SqlRefusedError("parse_error", `The SQL could not be parsed as one SQLite SELECT: ${detail}`);
  }
  const statements = (Array.isArray(ast) ? ast : [ast]).filter((s): s is Node => s !== null && typeof s === "object");
  if (statements.length !== 1)
    throw new SqlRefusedError("multiple_statements", "Only one SQL statement may run at a time.");
  const [statement] = statements;
  if (statement.type !== "select") {
    throw new SqlRefusedError("not_select", `Only a SELECT may run; this is ${String(statement.type).toUpperCase()}.`);
  }

  const seen: Seen = { functions: new Set(), tables: new Set(), ctes: new Set(), tableFunctionNodes: new Set() };
  collectCtes(statement, seen.ctes);
  walk(statement, seen, options);
  return { sql, functions: [...seen.functions], tables: [...seen.tables] };
}

function collectCtes(node: unknown, ctes: Set<string>): void {
  if (Array.isArray(node)) return node.forEach((n) => collectCtes(n, ctes));
  if (!node || typeof node !== "object") return;
  const obj = node as Node;
  if (Array.isArray(obj.with)) {
    for (const cte of obj.with as Node[]) {
      const name = cte.name as Node | string | undefined;
      const text = typeof name === "string" ? name : typeof name?.value === "string" ? name.value : null;
      if (text) ctes.add(text.toLowerCase());
    }
  }
  for (const value of Object.values(obj)) collectCtes(value, ctes);
}

/** What the walk found; table-function calls in FROM are checked there, not as scalar calls. */
type Seen = { functions: Set<string>; tables: Set<string>; ctes: Set<string>; tableFunctionNodes: Set<Node> };

function walk(node: unknown, seen: Seen, options: CheckOptions): void {
  if (Array.isArray(node)) return node.forEach((n) => walk(n, seen, options));
  if (!node || typeof node !== "object") return;
  const obj = node as Node;
  if (Array.isArray(obj.from)) for (const item of obj.from as Node[]) checkFromItem(item, seen, options);
  if (obj.type === "function" || obj.type === "aggr_func" || obj.type === "window_func") {
    const name = functionName(obj);
    if (name && !seen.tableFunctionNodes.has(obj)) {
      if (!ALLOWED_FUNCTIONS.has(name))
        throw new SqlRefusedError("forbidden_function", `The function ${name}() is not allowed in a query.`);
      seen.functions.add(name);
    }
  }
  for (const [key, value] of Object.entries(obj)) if (key !== "loc") walk(value, seen, options);
}

/** Lower-cased name of a function node: {name: {name: [{value}]}} or {name: "COUNT"}. */
export function functionName(node: Node): string | null {
  const name = node.name as unknown;
  if (typeof name === "string") return name.toLowerCase();
  const parts = (name as { name?: Array<{ value?: unknown }> } | undefined)?.name;
  if (Array.isArray(parts))
    return parts
      .map((p) => String(p.value ?? ""))
      .join(".")
      .toLowerCase();
  return null;
}

function checkFromItem(item: Node, seen: Seen, options: CheckOptions): void {
  const expr = item.expr as Node | undefined;
  if (expr && (expr.type === "function" || expr.type === "aggr_func")) {
    const name = functionName(expr) ?? "";
    if (!ALLOWED_TABLE_FUNCTIONS.has(name))
      throw new SqlRefusedError("forbidden_function", `The table function ${name}() is not allowed in a query.`);
    seen.tableFunctionNodes.add(expr);
    seen.functions.add(name);
    return;
  }
  if (typeof item.table !== "string") return; // a sub-select: walked on its own
  const table = item.table.toLowerCase();
  const schema = typeof item.db === "string" && item.db ? item.db.toLowerCase() : null;
  seen.tables.add(schema ? `${schema}.${table}` : table);
  if (table.startsWith("sqlite_") || schema === "temp") {
    throw new SqlRefusedError(
      "forbidden_table",
      `The table ${schema ? `${schema}.` : ""}${item.table} is not allowed in a query.`,
    );
  }
  if (!options.tables) return;
  if (!schema && seen.ctes.has(table)) return;
  const known = options.tables.some(
    (t) => t.name.toLowerCase() === table && (!schema || t.schema.toLowerCase() === schema),
  );
  if (!known)
    throw new SqlRefusedError(
      "forbidden_table",
      `The query reads "${schema ? `${schema}.` : ""}${item.table}", which is not a table of this dataset.`,
    );
}
