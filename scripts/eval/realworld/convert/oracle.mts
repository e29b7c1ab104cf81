// Oracle SQL*Plus install scripts (oracle-samples/db-sample-schemas) read without an Oracle database:
// SQL*Plus commands dropped, continued lines joined, PL/SQL blocks unwrapped, keys taken from ALTER
// TABLE, INSERT and UPDATE values evaluated (oracle-values.mts), object types spread over columns
// (oracle-objects.mts) and views kept as their DDL writes them.
import { applyAlterTableKey, parseCreateTable, parseCreateView, type TableDef, type ViewDef } from "./ddl.mts";
import {
  alterTableAdd,
  applyUpdate,
  implicitDate,
  type ObjectTable,
  type OracleType,
  objectTable,
  parseCreateType,
  SYSTEM_TYPES,
  spreadRecord,
} from "./oracle-objects.mts";
import { quotedEnd, tokenize, ValueReader } from "./oracle-values.mts";
import { unquoteIdentifier } from "./sql-text.mts";
import type { TableData } from "./sqlite-write.mts";

/** SQL*Plus commands (a whole line each), not SQL: REM, PROMPT, SET, SPOOL, a lone "/" that runs a block… */
const SQLPLUS_LINE =
  /^\s*(?:rem(?:ark)?|pro(?:mpt)?|set|spool|whenever|exit|define|undefine|column|ttitle|@@?\S*)(?:\s|$)|^\s*\/\s*$/i;

const STORED_PROGRAM = /^\s*create\s+(?:or\s+replace\s+)?(?:function|procedure|trigger|package)\b/i;

/**
 * SQL*Plus's line continuation: a line of a statement ending in a hyphen goes on with the next line
 * (the hyphen and the line break become one space, also inside a string). A SQL*Plus command line
 * and a comment line are left as they are.
 */
export function joinContinuedLines(script: string): string {
  const lines = script.split("\n");
  const out: string[] = [];
  let carry = "";
  for (const raw of lines) {
    const line = carry + raw;
    const end = line.trimEnd();
    const comment = /^\s*--/.test(raw) || end.endsWith("--");
    if (end.endsWith("-") && !comment && !SQLPLUS_LINE.test(raw)) carry = `${end.slice(0, -1)} `;
    else {
      out.push(line);
      carry = "";
    }
  }
  if (carry) out.push(carry);
  return out.join("\n");
}

/**
 * The SQL statements of a SQL*Plus script: command lines and comments dropped (never inside a string),
 * split at semicolons outside quotes, PL/SQL's BEGIN / DECLARE / END wrappers removed.
 */
export function sqlplusStatements(text: string): string[] {
  const script = joinContinuedLines(text);
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
      // A stored program (function, procedure, trigger, package) is code, not data: skipped to its "/".
      if (!cur.trim() && STORED_PROGRAM.test(line)) {
        const slash = /^\s*\/\s*$/m.exec(script.slice(i));
        i = slash ? i + slash.index + slash[0].length : script.length;
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

const INSERT = /^insert\s+into\s+([\w$#."]+)\s*(?:\(([^)]*)\))?\s*values\s*\(/i;
const ASSIGN = /^([a-z][\w$#]*)\s*:=\s*/i;

/**
 * Tables (with keys) and views of Oracle install scripts, in order (create, then populate). An
 * INSERT names its columns or gives every column in order; a column it leaves out is NULL, or
 * numbered 1, 2, … when it is an identity column. A column of a declared object type becomes one
 * column per attribute, and a collection column the values joined with ", ".
 */
export function tablesOfOracleScripts(scripts: readonly string[]): { tables: TableData[]; views: ViewDef[] } {
  const types = new Map<string, OracleType>();
  const tables = new Map<string, ObjectTable>();
  const rows = new Map<string, Array<Record<string, string | null>>>();
  const views: ViewDef[] = [];
  const variables = new Map<string, string | null>();
  const constructors = () => new Set([...types.keys(), ...SYSTEM_TYPES]);
  for (const written of scripts.flatMap(sqlplusStatements)) {
    const type = parseCreateType(written);
    if (type) {
      types.set(type.name, type.type);
      continue;
    }
    const def = parseCreateTable(written);
    if (def) {
      tables.set(def.name.toLowerCase(), objectTable(def, types));
      rows.set(def.name.toLowerCase(), []);
      continue;
    }
    const view = parseCreateView(written);
    if (view) {
      views.push(view);
      continue;
    }
    const stmt = alterTableAdd(written, tables);
    if (stmt === null) continue;
    if (applyAlterTableKey(stmt, new Map([...tables].map(([k, t]) => [k, t.def] as [string, TableDef])))) continue;
    if (applyUpdate(stmt, tables, rows, variables)) continue;
    const assign = ASSIGN.exec(stmt);
    if (assign) {
      const reader = new ValueReader(tokenize(stmt.slice(assign[0].length)), variables);
      variables.set(assign[1].toLowerCase(), reader.expression());
      continue;
    }
    const insert = INSERT.exec(stmt);
    if (!insert) continue;
    const key = unquoteIdentifier(insert[1]).toLowerCase();
    const table = tables.get(key);
    if (!table) throw new Error(`INSERT into ${insert[1]} before its CREATE TABLE`);
    const columns =
      insert[2] === undefined
        ? [...table.written]
        : insert[2].split(",").map((c) => unquoteIdentifier(c.trim()).toLowerCase());
    const reader = new ValueReader(tokenize(stmt.slice(insert[0].length)), variables, constructors());
    const values = reader.list();
    if (!reader.done()) throw new Error(`${insert[1]}: text after the VALUES list`);
    if (values.length !== columns.length)
      throw new Error(`${insert[1]}: ${values.length} values for ${columns.length} columns`);
    const typeOf = (c: string) => table.def.columns.find((d) => d.name.toLowerCase() === c);
    rows.get(key)!.push(Object.fromEntries(columns.map((c, k) => [c, implicitDate(values[k], typeOf(c))])));
  }
  return {
    tables: [...tables.entries()].map(([key, t]) => ({
      def: t.def,
      rows: rows.get(key)!.map((r, n) =>
        spreadRecord(t, r).map((v, k) => {
          const c = t.def.columns[k];
          return r[c.name.toLowerCase()] === undefined && c.identity ? String(n + 1) : v;
        }),
      ),
    })),
    views,
  };
}
