// Oracle SQL*Plus install scripts (oracle-samples/db-sample-schemas) read without an Oracle database:
// SQL*Plus commands dropped, PL/SQL blocks unwrapped, keys taken from ALTER TABLE, INSERT values
// evaluated (oracle-values.mts) and views kept as their DDL writes them.
import { applyAlterTableKey, parseCreateTable, parseCreateView, type TableDef, type ViewDef } from "./ddl.mts";
import { quotedEnd, tokenize, ValueReader } from "./oracle-values.mts";
import { unquoteIdentifier } from "./sql-text.mts";
import type { TableData } from "./sqlite-write.mts";

/** SQL*Plus commands (a whole line each), not SQL: REM, PROMPT, SET, SPOOL, a lone "/" that runs a block… */
const SQLPLUS_LINE =
  /^\s*(?:rem(?:ark)?|pro(?:mpt)?|set|spool|whenever|exit|define|undefine|column|ttitle|@@?\S*)(?:\s|$)|^\s*\/\s*$/i;

/**
 * The SQL statements of a SQL*Plus script: command lines and comments dropped (never inside a string),
 * split at semicolons outside quotes, PL/SQL's BEGIN / DECLARE / END wrappers removed.
 */
export function sqlplusStatements(script: string): string[] {
  const out: string[] = [];
  let cur = "";
  let i = 0;
  let lineStart = true;
  while (i < script.length) {
    if (lineStart) {
      const end = script.indexOf("\n", i);
      const line = script.slice(i, end < 0 ? script.length : end);
      lineStart = false;
      // A SQL*Plus command stands between statements, never inside one (an UPDATE's SET line is SQL).
      if (!cur.trim() && SQLPLUS_LINE.test(line)) {
        i = end < 0 ? script.length : end + 1;
        lineStart = true;
        continue;
      }
    }
    const c = script[i];
    if (c === "-" && script[i + 1] === "-") {
      const end = script.indexOf("\n", i);
      i = end < 0 ? script.length : end;
    } else if (c === "/" && script[i + 1] === "*") {
      const end = script.indexOf("*/", i + 2);
      i = end < 0 ? script.length : end + 2;
      cur += " ";
    } else if (c === "'" || c === '"') {
      const end = quotedEnd(script, i);
      cur += script.slice(i, end);
      i = end;
    } else if (c === ";") {
      out.push(cur);
      cur = "";
      i++;
    } else {
      cur += c;
      lineStart = c === "\n";
      i++;
    }
  }
  out.push(cur);
  return out
    .map((s) => s.trim().replace(/^(?:(?:begin|declare)\s+)+/i, ""))
    .filter((s) => s && !/^end(?:\s+\w+)?$/i.test(s) && !/^(?:begin|declare)$/i.test(s));
}

const INSERT = /^insert\s+into\s+([\w$#."]+)\s*\(([^)]*)\)\s*values\s*\(/i;
const ASSIGN = /^([a-z][\w$#]*)\s*:=\s*/i;

/**
 * Tables (with keys) and views of Oracle install scripts, in order (create, then populate). An
 * INSERT names its columns; a column it leaves out is NULL, or numbered 1, 2, … when it is an
 * identity column.
 */
export function tablesOfOracleScripts(scripts: readonly string[]): { tables: TableData[]; views: ViewDef[] } {
  const defs = new Map<string, TableDef>();
  const rows = new Map<string, Array<Record<string, string | null>>>();
  const views: ViewDef[] = [];
  const variables = new Map<string, string | null>();
  for (const stmt of scripts.flatMap(sqlplusStatements)) {
    const def = parseCreateTable(stmt);
    if (def) {
      defs.set(def.name.toLowerCase(), def);
      rows.set(def.name.toLowerCase(), []);
      continue;
    }
    const view = parseCreateView(stmt);
    if (view) {
      views.push(view);
      continue;
    }
    if (applyAlterTableKey(stmt, defs)) continue;
    const assign = ASSIGN.exec(stmt);
    if (assign) {
      const reader = new ValueReader(tokenize(stmt.slice(assign[0].length)), variables);
      variables.set(assign[1].toLowerCase(), reader.expression());
      continue;
    }
    const insert = INSERT.exec(stmt);
    if (!insert) continue;
    const table = unquoteIdentifier(insert[1]).toLowerCase();
    if (!defs.has(table)) throw new Error(`INSERT into ${insert[1]} before its CREATE TABLE`);
    const columns = insert[2].split(",").map((c) => unquoteIdentifier(c.trim()).toLowerCase());
    const reader = new ValueReader(tokenize(stmt.slice(insert[0].length)), variables);
    const values = reader.list();
    if (!reader.done()) throw new Error(`${insert[1]}: text after the VALUES list`);
    if (values.length !== columns.length)
      throw new Error(`${insert[1]}: ${values.length} values for ${columns.length} columns`);
    rows.get(table)!.push(Object.fromEntries(columns.map((c, k) => [c, values[k]])));
  }
  const tables = [...defs.entries()].map(([key, def]) => {
    const records = rows.get(key)!;
    return {
      def,
      rows: records.map((r, n) =>
        def.columns.map((c) => {
          const v = r[c.name.toLowerCase()];
          return v === undefined && c.identity ? String(n + 1) : (v ?? null);
        }),
      ),
    };
  });
  return { tables, views };
}
