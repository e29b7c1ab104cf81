// Whole dumps to SQLite: a MySQL dump (CREATE TABLE + INSERT … VALUES), and DDL with one CSV per
// table (PostgreSQL's COPY layout, NULL written as a word).
import { readFileSync } from "node:fs";
import { readCsv } from "./csv-files.mts";
import { parseCreateTable, type TableDef } from "./ddl.mts";
import { parseInsert, splitStatements } from "./sql-text.mts";
import { type TableData, writeSqlite } from "./sqlite-write.mts";

/** The tables (with keys) and rows of a MySQL dump's text. */
export function tablesOfMysqlDump(sql: string): TableData[] {
  const defs = new Map<string, TableDef>();
  const data = new Map<string, { columns: string[]; rows: Array<Array<string | null>> }>();
  for (const stmt of splitStatements(sql)) {
    const def = parseCreateTable(stmt);
    if (def) {
      defs.set(def.name, def);
      continue;
    }
    const insert = parseInsert(stmt);
    if (!insert) continue;
    const target = defs.get(insert.table);
    if (!target) throw new Error(`INSERT into ${insert.table} before its CREATE TABLE`);
    const columns = insert.columns.length ? insert.columns : target.columns.map((c) => c.name);
    const prior = data.get(insert.table);
    if (prior && prior.columns.join("\0") !== columns.join("\0"))
      throw new Error(`${insert.table}: INSERTs name different column lists`);
    if (prior) prior.rows.push(...insert.rows);
    else data.set(insert.table, { columns, rows: insert.rows });
  }
  return [...defs.values()].map((def) => ({
    def,
    columns: data.get(def.name)?.columns,
    rows: data.get(def.name)?.rows ?? [],
  }));
}

/** Converts a MySQL dump file into a SQLite file with the same tables, keys and rows. */
export function mysqlDumpToSqlite(dumpFile: string, sqliteFile: string): void {
  writeSqlite(sqliteFile, tablesOfMysqlDump(readFileSync(dumpFile, "utf8")));
}

export type CsvTableOptions = {
  /** The word that stands for NULL in the CSV files (PostgreSQL COPY … NULL 'NULL'). */
  nullWord?: string;
  /** Columns left out of the SQLite file (binary blobs written as hex text), as "Table.Column". */
  drop?: readonly string[];
  /** Only these tables of the DDL (a database cut to the tables its questions need); default every one. */
  only?: readonly string[];
  /**
   * CSV columns the DDL does not define are left out (a CSV export that repeats the names of linked
   * records beside their keys); by default such a column is an error.
   */
  dropUndeclared?: boolean;
};

/**
 * Tables of a DDL file filled from one CSV per table (`csvFor(table)` gives its path, or null when
 * the table has no data file); the CSV header names the columns.
 */
export function tablesOfDdlAndCsv(
  ddl: string,
  csvFor: (table: string) => string | null,
  options: CsvTableOptions = {},
): TableData[] {
  const dropped = new Set(options.drop ?? []);
  const out: TableData[] = [];
  for (const stmt of splitStatements(ddl)) {
    const def = parseCreateTable(stmt);
    if (!def || (options.only && !options.only.includes(def.name))) continue;
    const file = csvFor(def.name);
    if (!file) throw new Error(`no CSV file for table ${def.name}`);
    const { columns, rows } = readCsv(file);
    const declared = (c: string) => def.columns.some((d) => d.name.toLowerCase() === c.toLowerCase());
    const keep = columns.map((c) => !dropped.has(`${def.name}.${c}`) && (!options.dropUndeclared || declared(c)));
    const kept = columns.filter((_, i) => keep[i]);
    const cased = kept.map((c) => def.columns.find((d) => d.name.toLowerCase() === c.toLowerCase())?.name);
    const unknown = kept.filter((_, i) => !cased[i]);
    if (unknown.length) throw new Error(`${def.name}: CSV columns ${unknown.join(", ")} are not in its DDL`);
    const trimmed: TableDef = { ...def, columns: def.columns.filter((c) => !dropped.has(`${def.name}.${c.name}`)) };
    // A cut keeps every declared key: a kept table may not point at a table left out.
    const outside = def.foreignKeys.find((fk) => options.only && !options.only.includes(fk.table));
    if (outside) throw new Error(`${def.name} has a foreign key to ${outside.table}, which is left out`);
    out.push({
      def: trimmed,
      columns: cased as string[],
      rows: rows.map((r) =>
        r.filter((_, i) => keep[i]).map((cell) => (options.nullWord && cell === options.nullWord ? null : cell)),
      ),
    });
  }
  return out;
}
