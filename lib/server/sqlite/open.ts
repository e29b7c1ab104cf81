import "server-only";
import Database from "libsql";

export type SqliteDb = InstanceType<typeof Database>;

/** Opens a SQLite file for writing (used only while an import builds it). */
export function openForWrite(file: string): SqliteDb {
  const db = new Database(file);
  db.exec(
    "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY; PRAGMA cache_size = -65536;",
  );
  return db;
}

/** Opens a SQLite file read-only; the file must exist. */
export function openReadOnly(file: string): SqliteDb {
  return new Database(file, { readonly: true, fileMustExist: true });
}
