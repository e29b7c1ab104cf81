import nodeSqlParser from "node-sql-parser";
import type { SemanticInputTable } from "./input";

const { Parser } = nodeSqlParser as unknown as {
  Parser: new () => { tableList(sql: string, opt: object): string[] };
};
const parser = new Parser();

/**
 * The tables a view reads (WrenAI's and LookML's derived tables, dbt's `ref`s): its SQL parsed with
 * node-sql-parser in the dialects a stored view may be written in; when no dialect parses it, the
 * names after FROM and JOIN that are the dataset's tables. Without its SQL, the tables whose columns
 * it shares by name (at lower confidence). The base tables are found through views of views.
 */

export type ViewReads = { reads: string[]; confidence: number; evidence: string };

const DIALECTS = ["sqlite", "postgresql", "mysql", "transactsql"];
const MAX_VIEW_SQL = 100_000;

/** Dataset tables by lowercased SQL and display name. */
function tableIndex(tables: readonly SemanticInputTable[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of tables) {
    out.set(t.name.toLowerCase(), t.name);
    if (t.sqlName) out.set(t.sqlName.toLowerCase(), t.name);
  }
  return out;
}

function parsed(sql: string): string[] | null {
  for (const database of DIALECTS) {
    try {
      return parser.tableList(sql, { database }).map((e) => e.split("::").pop() ?? "");
    } catch {
      // the next dialect
    }
  }
  return null;
}

/** Names after FROM or JOIN (quoted or bare, schema-qualified or not), for SQL no dialect parses. */
function scanned(sql: string): string[] {
  const out: string[] = [];
  const re = /\b(?:from|join)\s+((?:["`[]?[\w$]+["`\]]?\.)?["`[]?([\w$ ]+?)["`\]]?)(?=[\s,;)]|$)/gi;
  for (const m of sql.matchAll(re)) out.push(m[2]);
  return out;
}

/** What one view reads, among the dataset's tables. */
export function viewReads(view: SemanticInputTable, tables: readonly SemanticInputTable[]): ViewReads | null {
  const index = tableIndex(tables);
  const self = view.name;
  const known = (names: string[]) => [
    ...new Set(names.map((n) => index.get(n.toLowerCase())).filter((n): n is string => !!n && n !== self)),
  ];
  const sql = view.viewSql?.slice(0, MAX_VIEW_SQL);
  if (sql) {
    const fromParser = parsed(sql);
    if (fromParser) return { reads: known(fromParser), confidence: 0.95, evidence: "read from the view's SQL" };
    return { reads: known(scanned(sql)), confidence: 0.75, evidence: "the names after FROM and JOIN in its SQL" };
  }
  // No SQL: the tables that hold most of its columns by name.
  const own = new Set(view.columns.map((c) => c.column.toLowerCase()));
  const sharing = tables
    .filter((t) => t.name !== self && !t.isView)
    .map((t) => ({ t: t.name, n: t.columns.filter((c) => own.has(c.column.toLowerCase())).length }))
    .filter((x) => x.n >= Math.max(2, own.size / 2));
  if (!sharing.length) return null;
  return {
    reads: sharing.map((x) => x.t),
    confidence: 0.5,
    evidence: "shares most of its column names (its SQL was not read)",
  };
}

/** The base tables under a view: what it reads, with each view it reads replaced by that view's base tables. */
export function baseTablesOf(
  view: string,
  reads: ReadonlyMap<string, readonly string[]>,
  isView: (t: string) => boolean,
): string[] {
  const out = new Set<string>();
  const seen = new Set<string>([view]);
  const stack = [...(reads.get(view) ?? [])];
  while (stack.length) {
    const t = stack.pop()!;
    if (seen.has(t)) continue;
    seen.add(t);
    if (isView(t)) stack.push(...(reads.get(t) ?? []));
    else out.add(t);
  }
  return [...out].sort();
}
