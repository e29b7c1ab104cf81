import "server-only";
import sqliteSqlParser from "node-sql-parser/build/sqlite";
import { ALLOWED_FUNCTIONS, ALLOWED_TABLE_FUNCTIONS } from "./allowed-functions";
import { MAX_SQL_LENGTH } from "@/lib/core/model/limits";
import { SqlRefusedError } from "./errors";
import { precheckSql } from "./lexical";
import type { GuardTable } from "./worker-protocol";

// A default import: the build is a UMD bundle whose named exports Node's ESM loader cannot see (tsx scripts).
const { Parser } = sqliteSqlParser;

export type { GuardTable };

export type CheckOptions = {
  /** When given, every table the statement reads must be one of these (or a CTE it defines). */
  tables?: readonly GuardTable[];
  maxLength?: number;
};

export type CheckedSql = { sql: string; functions: string[]; tables: string[] };

export { MAX_SQL_LENGTH };

const parser = new Parser();
type Node = Record<string, unknown>;

/**
 * Accepts exactly one read-only SELECT (WITH … SELECT and WITH RECURSIVE included) and throws a
 * SqlRefusedError naming the reason otherwise. The linear pre-check (size, tokens, nesting,
 * statement keywords, a second statement, denied names), then node-sql-parser's AST (statement
 * type, every function against the allow-list, every table against the dataset). The parse can
 * take exponential time on some nested statements: the guard calls this only in an SQL worker
 * process, under MAX_SQL_CHECK_MS (./sql-worker.ts), never on a thread of the server. SQL the
 * parser cannot read is refused here ("parse_error"); the worker then lets the compiled program
 * decide (a window frame, VALUES: SQLite grammar this parser lacks).
 */
export function checkSql(input: string, options: CheckOptions = {}): CheckedSql {
  const sql = precheckSql(input, options.maxLength ?? MAX_SQL_LENGTH);
  let ast: unknown;
  try {
    ast = parser.astify(sql, { database: "sqlite" });
  } catch (err) {
    if (err instanceof RangeError) throw tooComplex();
    const detail = err instanceof Error ? err.message.slice(0, 200) : String(err);
    throw new SqlRefusedError("parse_error", `The SQL could not be parsed as one SQLite SELECT: ${detail}`);
  }
  try {
    return checkAst(sql, ast, options);
  } catch (err) {
    if (err instanceof RangeError) throw tooComplex();
    throw err;
  }
}

const tooComplex = () =>
  new SqlRefusedError("too_complex", "The statement is nested too deeply to be checked; simplify it.");

function checkAst(sql: string, ast: unknown, options: CheckOptions): CheckedSql {
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
  if (Array.isArray(node)) {
    for (const n of node) collectCtes(n, ctes);
    return;
  }
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
  if (Array.isArray(node)) {
    for (const n of node) walk(n, seen, options);
    return;
  }
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
function functionName(node: Node): string | null {
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
