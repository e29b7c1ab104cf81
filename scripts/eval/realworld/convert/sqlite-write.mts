// Writes converted tables into a new SQLite file with their declared primary and foreign keys, so
// the app imports them as a user's SQLite upload with keys would be.
import { existsSync, rmSync } from "node:fs";
import Database from "libsql";
import { type TableDef, sqliteType, type ViewDef } from "./ddl.mts";

/** A table to write: its definition and rows in the order of `columns` (defaults to every column). */
export type TableData = { def: TableDef; columns?: string[]; rows: ReadonlyArray<ReadonlyArray<unknown>> };

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The CREATE TABLE statement of a definition in SQLite's dialect, keys included. */
export function createTableSql(def: TableDef): string {
  const parts = def.columns.map((c) => `${q(c.name)} ${sqliteType(c.type)}${c.notNull ? " NOT NULL" : ""}`);
  if (def.primaryKey.length) parts.push(`PRIMARY KEY (${def.primaryKey.map(q).join(", ")})`);
  for (const fk of def.foreignKeys)
    parts.push(
      `FOREIGN KEY (${fk.columns.map(q).join(", ")}) REFERENCES ${q(fk.table)} (${fk.refColumns.map(q).join(", ")})`,
    );
  return `CREATE TABLE ${q(def.name)} (\n  ${parts.join(",\n  ")}\n)`;
}

/**
 * A value as it is stored: text into a numeric column stays text unless it reads as a number, and an
 * empty string there becomes NULL (a missing number, not a word).
 */
export function storedValue(value: unknown, type: ReturnType<typeof sqliteType>): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (type === "INTEGER" || type === "REAL") {
    if (typeof value === "string" && value.trim() === "") return null;
    if (typeof value === "string" && /^(true|false)$/i.test(value)) return /^true$/i.test(value) ? 1 : 0;
  }
  if (typeof value === "object") return JSON.stringify(value);
  return value;
}

/**
 * Creates `file` (replacing it) with every table, its keys, and its rows, in one transaction, then
 * its views (each SELECT in SQLite's dialect; every view is read once so one that fails stops the build).
 */
export function writeSqlite(file: string, tables: readonly TableData[], views: readonly ViewDef[] = []): void {
  if (existsSync(file)) rmSync(file);
  const db = new Database(file);
  try {
    db.exec("PRAGMA journal_mode = DELETE");
    // Keys are checked once at the end (checkForeignKeys): a dump names tables in any order.
    db.exec("PRAGMA foreign_keys = OFF");
    db.exec("BEGIN");
    for (const t of tables) db.exec(createTableSql(t.def));
    for (const t of tables) {
      const columns = t.columns ?? t.def.columns.map((c) => c.name);
      const types = columns.map((name) => {
        const col = t.def.columns.find((c) => c.name === name);
        if (!col) throw new Error(`${t.def.name}: no column ${name} in its definition`);
        return sqliteType(col.type);
      });
      const insert = db.prepare(
        `INSERT INTO ${q(t.def.name)} (${columns.map(q).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      );
      for (const row of t.rows) {
        if (row.length !== columns.length)
          throw new Error(`${t.def.name}: a row has ${row.length} values for ${columns.length} columns`);
        insert.run(row.map((v, i) => storedValue(v, types[i])) as never);
      }
    }
    // Computed columns (LineTotal, TotalDue…) hold what their expression gives, as in the source database.
    for (const t of tables)
      for (const c of t.def.columns.filter((c) => c.generated))
        db.exec(`UPDATE ${q(t.def.name)} SET ${q(c.name)} = (${c.generated})`);
    db.exec("COMMIT");
    checkForeignKeys(db);
    for (const v of views) {
      try {
        db.exec(`CREATE VIEW ${q(v.name)} AS\n${v.select}`);
        db.prepare(`SELECT COUNT(*) FROM ${q(v.name)}`).get();
      } catch (err) {
        throw new Error(`view ${v.name} does not run in SQLite: ${(err as Error).message}`);
      }
    }
  } finally {
    db.close();
  }
}

/** Fails when a declared foreign key points at no row (the converted data would be inconsistent). */
function checkForeignKeys(db: InstanceType<typeof Database>): void {
  const broken = db.prepare("PRAGMA foreign_key_check").all() as Array<{ table: string; parent: string }>;
  if (broken.length) {
    const first = broken[0];
    throw new Error(`${broken.length} rows break a foreign key (first: ${first.table} → ${first.parent})`);
  }
}
