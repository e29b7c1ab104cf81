// The synchronous SQLite binding the insert worker writes with. No "server-only" import: the
// worker bundle aliases it away, and this file only picks a package.
import type LibsqlDatabase from "libsql";

export type SyncSqlite = { name: "better-sqlite3" | "libsql"; Database: typeof LibsqlDatabase };

/**
 * better-sqlite3 when it is installed (an optional dependency built from source at install), else
 * libsql: both have the same synchronous API and bind a JS number as REAL and a BigInt as INTEGER.
 * Binding values is most of the insert worker's time, and better-sqlite3 costs about half as much.
 */
export async function loadSyncSqlite(): Promise<SyncSqlite> {
  try {
    const Database = (await import("better-sqlite3")).default as unknown as typeof LibsqlDatabase;
    return { name: "better-sqlite3", Database };
  } catch {
    return { name: "libsql", Database: (await import("libsql")).default };
  }
}
