// What Oracle's object-relational scripts add to plain tables, read without an Oracle database:
// object types (CREATE TYPE … AS OBJECT) whose columns become one column per attribute, collection
// types (VARRAY) kept as one text column, ALTER TABLE … ADD (columns | constraint), and the
// UPDATE … SET … WHERE key = value statements that fill columns added after the INSERTs.
import { type ColumnDef, parseCreateTable, type TableDef } from "./ddl.mts";
import { oracleDateText, tokenize, ValueReader } from "./oracle-values.mts";
import { parenGroup, splitTopLevel, unquoteIdentifier } from "./sql-text.mts";

/** A declared type: an object's attributes, or a collection (VARRAY) of values. */
export type OracleType = { kind: "object"; attributes: ColumnDef[] } | { kind: "varray" };

/** Oracle's own spatial types, which scripts construct without declaring them (MDSYS.SDO_GEOMETRY(…)). */
export const SYSTEM_TYPES = ["mdsys.sdo_geometry", "mdsys.sdo_point_type"];

const CREATE_TYPE = new RegExp(
  String.raw`^create\s+(?:or\s+replace\s+)?type\s+([\w$#."]+)(?:\s+oid\s+'[^']*')?\s+as\s+` +
    String.raw`(object\s*\(|varray\s*\(\s*\d+\s*\)\s+of\b)`,
  "i",
);

/** One CREATE TYPE statement as a type (name lowercase); null for any other statement. */
export function parseCreateType(stmt: string): { name: string; type: OracleType } | null {
  const m = CREATE_TYPE.exec(stmt);
  if (!m) return null;
  const name = unquoteIdentifier(m[1]).toLowerCase();
  if (/^varray/i.test(m[2])) return { name, type: { kind: "varray" } };
  const attrs = parseCreateTable(`CREATE TABLE t (${parenGroup(stmt, m[0].length - 1).inner})`);
  return { name, type: { kind: "object", attributes: attrs?.columns ?? [] } };
}

/**
 * Where a column of the converted table takes its value: a written column, or one attribute of a
 * written object column. A collection column's values are joined with ", ".
 */
export type ColumnSource = { column: string; attribute?: number; collection?: boolean };

/** A table as written (its columns, types unexpanded) and as converted (objects spread into attributes). */
export type ObjectTable = { written: string[]; def: TableDef; sources: ColumnSource[] };

/** The converted table of a CREATE TABLE whose columns may be of the declared types. */
export function objectTable(def: TableDef, types: ReadonlyMap<string, OracleType>): ObjectTable {
  const columns: ColumnDef[] = [];
  const sources: ColumnSource[] = [];
  for (const c of def.columns) {
    const type = types.get(c.type.toLowerCase());
    if (type?.kind === "object")
      type.attributes.forEach((a, k) => {
        columns.push({ ...a, notNull: false });
        sources.push({ column: c.name.toLowerCase(), attribute: k });
      });
    else {
      columns.push(c);
      sources.push({ column: c.name.toLowerCase(), ...(type ? { collection: true } : {}) });
    }
  }
  return { written: def.columns.map((c) => c.name.toLowerCase()), def: { ...def, columns }, sources };
}

/** A converted row from a written record (a constructor's value is the JSON array of its arguments). */
export function spreadRecord(t: ObjectTable, record: Record<string, string | null>): Array<string | null> {
  return t.sources.map((s) => {
    const v = record[s.column] ?? null;
    if (v === null || (s.attribute === undefined && !s.collection)) return v;
    const values = JSON.parse(v) as Array<string | null>;
    return s.collection ? values.filter((x) => x !== null).join(", ") : (values[s.attribute!] ?? null);
  });
}

const ALTER_ADD_LIST = /^alter\s+table\s+([\w$#."]+)\s+add\s*\(/i;

/**
 * `ALTER TABLE t ADD ( … )`: a constraint in parentheses is returned without them (for the key
 * reader); new columns are added to `t` and null is returned. Any other statement is returned as is.
 */
export function alterTableAdd(stmt: string, tables: ReadonlyMap<string, ObjectTable>): string | null {
  const m = ALTER_ADD_LIST.exec(stmt);
  if (!m) return stmt;
  const inner = parenGroup(stmt, m[0].length - 1).inner.trim();
  if (/^(?:constraint|primary\s+key|foreign\s+key)\b/i.test(inner)) return `ALTER TABLE ${m[1]} ADD ${inner}`;
  const t = tables.get(unquoteIdentifier(m[1]).toLowerCase());
  if (!t) throw new Error(`ALTER TABLE ${m[1]} before its CREATE TABLE`);
  const added = parseCreateTable(`CREATE TABLE t (${splitTopLevel(inner).join(", ")})`)?.columns ?? [];
  for (const c of added) {
    t.written.push(c.name.toLowerCase());
    t.def.columns.push(c);
    t.sources.push({ column: c.name.toLowerCase() });
  }
  return null;
}

/**
 * A text value written into a DATE column (no TO_DATE) is read with the session's default date format:
 * DD-MON-RR, as a session in NLS_TERRITORY AMERICA has it ('20-FEB-72' → 1972-02-20).
 */
export function implicitDate(value: string | null, column: ColumnDef | undefined): string | null {
  if (value === null || !column || !/^date$/i.test(column.type) || /^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  return oracleDateText(value, "DD-MON-RR");
}

const UPDATE = /^update\s+([\w$#."]+)(?:\s+(?!set\b)([\w$#]+))?\s+set\s+/i;

/**
 * Applies `UPDATE t [alias] SET col = value, … WHERE cond AND …` to the table's written records, a
 * condition being `col = value` or `col IN (…)`, and `col` an object column's attribute too
 * (c.cust_address.country_id); returns false for any other statement. One that matches no row is an
 * error, so a condition misread never passes silently.
 */
export function applyUpdate(
  stmt: string,
  tables: ReadonlyMap<string, ObjectTable>,
  rows: ReadonlyMap<string, Array<Record<string, string | null>>>,
  variables: ReadonlyMap<string, string | null>,
): boolean {
  const m = UPDATE.exec(stmt);
  if (!m) return false;
  const key = unquoteIdentifier(m[1]).toLowerCase();
  const t = tables.get(key);
  if (!t) throw new Error(`UPDATE ${m[1]} before its CREATE TABLE`);
  const qualifiers = [key, m[2]?.toLowerCase()];
  const path = (raw: string) => {
    const parts = raw.toLowerCase().split(".");
    return qualifiers.includes(parts[0]) && parts.length > 1 ? parts.slice(1) : parts;
  };
  const reader = new ValueReader(tokenize(stmt.slice(m[0].length)), variables, new Set(SYSTEM_TYPES));
  const sets = reader.assignments().map(([c, v]) => [path(c).join("."), v] as const);
  const conditions: Array<{ read: (r: Record<string, string | null>) => string | null; values: unknown[] }> = [];
  if (!reader.keyword("where")) throw new Error(`UPDATE ${m[1]} without WHERE is not read`);
  do {
    const c = reader.condition();
    conditions.push({ read: pathReader(t, path(c.name)), values: c.values });
  } while (reader.keyword("and"));
  if (!reader.done()) throw new Error(`UPDATE ${m[1]}: only conditions joined by AND are read`);
  const matched = rows.get(key)!.filter((r) => conditions.every((c) => c.values.includes(c.read(r))));
  if (!matched.length) throw new Error(`UPDATE ${m[1]} matches no row (${stmt.slice(0, 100)})`);
  for (const [c, v] of sets) {
    if (!t.written.includes(c)) throw new Error(`UPDATE ${m[1]}: no column ${c}`);
    const def = t.def.columns.find((d) => d.name.toLowerCase() === c);
    for (const r of matched) r[c] = implicitDate(v, def);
  }
  return true;
}

/** Reads a column, or an attribute of an object column, from a written record. */
function pathReader(t: ObjectTable, path: string[]): (r: Record<string, string | null>) => string | null {
  const [column, attribute] = path;
  if (!t.written.includes(column) || path.length > 2) throw new Error(`no column ${path.join(".")}`);
  if (attribute === undefined) return (r) => r[column] ?? null;
  const k = t.sources.findIndex((s, i) => s.column === column && t.def.columns[i].name.toLowerCase() === attribute);
  if (k < 0) throw new Error(`no attribute ${path.join(".")}`);
  const index = t.sources[k].attribute!;
  return (r) => (r[column] ? ((JSON.parse(r[column]!) as Array<string | null>)[index] ?? null) : null);
}
