import "server-only";
import { constants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import { TypeTally, toStoredValue, typeFromDeclared } from "@/lib/core/ingest/infer-type";
import { sniffContent } from "@/lib/core/ingest/sniff";
import type { ColumnMeta, ColumnType, ForeignKey, TableMeta } from "@/lib/core/model/dataset";
import { openReadOnly, type SqliteDb } from "@/lib/server/sqlite/open";
import { ImportError } from "./errors";
import type { FileImporter, UploadedFile } from "./types";

/** Values read per text column to infer what it really holds. */
const TYPE_SAMPLE = 20_000;

type ColumnInfo = { name: string; type: string; notnull: number; pk: number };
type ForeignKeyInfo = { id: number; seq: number; table: string; from: string; to: string | null };
type SchemaObject = { name: string; type: "table" | "view" };
type Found = Omit<TableMeta, "name" | "schemaName" | "foreignKeys"> & { realFks: ForeignKeyInfo[] };

/**
 * Imports an uploaded SQLite database by keeping a private copy of it: the tables stay where they
 * are (queried through the copy's attach alias) and only their metadata is read here.
 */
export const importSqlite: FileImporter = async (file, ctx) => {
  const label = file.originalName;
  await checkHeader(file);
  ctx.report({ stage: `Checking ${label}`, file: label, rowsDone: 0 });
  const copyName = await copyUpload(file.path, ctx.workDir);
  const copyPath = path.join(/*turbopackIgnore: true*/ ctx.workDir, copyName);

  let db: SqliteDb | null = null;
  try {
    const conn = (db = openChecked(copyPath, label));
    const notes: string[] = [];
    const found: Found[] = [];
    let rowsDone = 0;
    for (const obj of listObjects(conn)) {
      ctx.report({ stage: `Reading ${obj.type} "${obj.name}" of ${label}`, file: label, rowsDone });
      try {
        found.push(describe(conn, obj, label));
        rowsDone += found[found.length - 1].rowCount;
      } catch (error) {
        notes.push(`Skipped ${obj.type} "${obj.name}": it cannot be read (${error instanceof Error ? error.message : String(error)}).`);
      }
      await ctx.yieldToEventLoop();
    }
    if (!found.some((t) => !t.isView)) throw new ImportError("sqlite_empty", `${label} contains no tables.`);

    const alias = ctx.attachCopy(copyName);
    const displayOf = new Map(found.map((t) => [t.sqlName.toLowerCase(), ctx.reserveTable(t.sqlName).name]));
    const tables = found.map(({ realFks, ...t }): TableMeta => {
      const fk = foreignKeys(conn, t.sqlName, realFks, displayOf);
      return { ...t, name: displayOf.get(t.sqlName.toLowerCase())!, schemaName: alias, foreignKeys: fk.keys, notes: [...t.notes, ...fk.notes] };
    });
    tables[0].notes.push(...notes);
    return tables;
  } catch (error) {
    db?.close();
    db = null;
    await fs.rm(copyPath, { force: true });
    throw error;
  } finally {
    db?.close();
  }
};

async function checkHeader(file: UploadedFile): Promise<void> {
  const handle = await fs.open(file.path, "r");
  const head = Buffer.alloc(16);
  try {
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    if (sniffContent(head.subarray(0, bytesRead)) === "sqlite") return;
  } finally {
    await handle.close();
  }
  throw new ImportError(
    "sqlite_invalid",
    `${file.originalName} is not a SQLite database (it does not start with the SQLite header; encrypted databases cannot be read).`,
  );
}

/** Copies the upload to a fresh copy-N.sqlite so the original is never opened by SQLite. */
async function copyUpload(source: string, workDir: string): Promise<string> {
  for (let n = 1; ; n++) {
    const name = `copy-${n}.sqlite`;
    try {
      await fs.copyFile(source, path.join(workDir, name), constants.COPYFILE_EXCL);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") continue;
      throw error;
    }
    // An upload is a lone file, so a WAL-mode database has no WAL beside it; switching the copy's
    // header to rollback mode stops read-only connections from creating -wal and -shm files.
    const handle = await fs.open(path.join(workDir, name), "r+");
    try {
      const mode = Buffer.alloc(2);
      await handle.read(mode, 0, 2, 18);
      if (mode[0] === 2 || mode[1] === 2) await handle.write(Buffer.from([1, 1]), 0, 2, 18);
    } finally {
      await handle.close();
    }
    return name;
  }
}

function openChecked(copyPath: string, label: string): SqliteDb {
  const corrupt = (detail: string) =>
    new ImportError("sqlite_corrupt", `${label} is damaged or incomplete (${detail}). If it was copied while in use or cut short, export it again and re-upload.`);
  let db: SqliteDb | null = null;
  try {
    db = openReadOnly(copyPath);
    const result = firstValue(db, "PRAGMA quick_check(1)");
    if (result !== "ok") throw corrupt(`SQLite integrity check: ${String(result)}`);
    return db;
  } catch (error) {
    db?.close();
    if (error instanceof ImportError) throw error;
    throw corrupt(error instanceof Error ? error.message : String(error));
  }
}

// libsql's pluck() only applies to all(); raw() rows are arrays for get() and iterate() too.
function firstValue(db: SqliteDb, sql: string): unknown {
  const row = db.prepare(sql).raw().get() as unknown[] | undefined;
  return row?.[0];
}

function listObjects(db: SqliteDb): SchemaObject[] {
  return db
    .prepare("SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type = 'view', rowid")
    .all() as SchemaObject[];
}

function describe(db: SqliteDb, obj: SchemaObject, label: string): Found {
  const table = quoteIdent(obj.name);
  const info = db.prepare("SELECT name, type, \"notnull\", pk FROM pragma_table_xinfo(?) WHERE hidden != 1").all(obj.name) as ColumnInfo[];
  if (info.length === 0) throw new Error("it has no columns");
  const rowCount = Number(firstValue(db, `SELECT count(*) FROM ${table}`));
  const pkCount = info.filter((c) => c.pk > 0).length;
  const columns = info.map((c, position): ColumnMeta => {
    // A lone INTEGER PRIMARY KEY is the rowid, which can never be NULL even without NOT NULL.
    const rowidAlias = c.pk > 0 && pkCount === 1 && c.type.toUpperCase() === "INTEGER" && obj.type === "table";
    return {
      name: c.name,
      sqlName: c.name,
      type: columnType(db, table, c),
      position,
      isPrimaryKey: c.pk > 0,
      nullable: c.notnull === 0 && !rowidAlias,
    };
  });
  const realFks =
    obj.type === "table" ? (db.prepare("SELECT id, seq, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?)").all(obj.name) as ForeignKeyInfo[]) : [];
  return { sqlName: obj.name, source: "sqlite", sourceFile: label, isView: obj.type === "view", rowCount, columns, layout: null, notes: [], realFks };
}

/** Trusts declared numeric, boolean and date types; text and untyped columns are judged by their values. */
function columnType(db: SqliteDb, table: string, column: ColumnInfo): ColumnType {
  const declared = typeFromDeclared(column.type);
  if (declared && declared !== "text") return declared;
  const col = quoteIdent(column.name);
  const tally = new TypeTally();
  const sample = db.prepare(`SELECT ${col} FROM ${table} WHERE ${col} IS NOT NULL LIMIT ${TYPE_SAMPLE}`).raw();
  for (const [value] of sample.iterate() as Iterable<unknown[]>) {
    if (typeof value === "string") tally.add(toStoredValue(value));
    else if (typeof value === "number") tally.add(value);
    else if (typeof value === "bigint") tally.add(Number(value));
    else tally.texts++; // blobs
  }
  return tally.resolve();
}

function foreignKeys(db: SqliteDb, tableName: string, rows: ForeignKeyInfo[], displayOf: Map<string, string>): { keys: ForeignKey[]; notes: string[] } {
  const keys: ForeignKey[] = [];
  const notes: string[] = [];
  for (const id of [...new Set(rows.map((r) => r.id))]) {
    const parts = rows.filter((r) => r.id === id).sort((a, b) => a.seq - b.seq);
    const refTable = displayOf.get(parts[0].table.toLowerCase());
    const columns = parts.map((p) => p.from);
    if (!refTable) {
      notes.push(`Ignored the foreign key ${tableName}(${columns.join(", ")}): it refers to "${parts[0].table}", which is not in the file or cannot be read.`);
      continue;
    }
    // Without target columns the key refers to the referenced table's primary key.
    const refColumns = parts.every((p) => p.to !== null) ? parts.map((p) => p.to!) : primaryKey(db, parts[0].table);
    keys.push({ columns, refTable, refColumns });
  }
  return { keys, notes };
}

function primaryKey(db: SqliteDb, table: string): string[] {
  const info = db.prepare("SELECT name, pk FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk").all(table) as ColumnInfo[];
  return info.map((c) => c.name);
}
