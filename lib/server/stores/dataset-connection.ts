import "server-only";
import path from "node:path";
import type { DatasetStorage } from "@/db/schema";
import { datasetDir } from "@/lib/server/config";
import { openReadOnly, type SqliteDb } from "@/lib/server/sqlite/open";

/**
 * Opens a dataset's rows read-only: its main file plus every copied SQLite file attached under its
 * alias, all with mode=ro, and query_only so no statement on any of them can write.
 */
export function openDatasetReadOnly(id: string, storage: DatasetStorage): SqliteDb {
  const dir = datasetDir(id);
  const db = openReadOnly(path.join(dir, storage.main));
  try {
    for (const { alias, file } of storage.attachments) {
      const uri = `file:${encodeURI(path.join(dir, file))}?mode=ro`;
      db.prepare(`ATTACH DATABASE ? AS "${alias.replace(/"/g, "")}"`).run(uri);
    }
    db.exec("PRAGMA query_only = 1");
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** Runs `work` with a read-only dataset connection and always closes it. */
export function withDataset<T>(id: string, storage: DatasetStorage, work: (db: SqliteDb) => T): T {
  const db = openDatasetReadOnly(id, storage);
  try {
    return work(db);
  } finally {
    db.close();
  }
}
