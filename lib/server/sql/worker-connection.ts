// The SQL worker's connection to a dataset's files (./sql-worker.ts): read-only, no writes on any
// attached file, kept for the next query on the same files and closed after a short idle time.
import "server-only";
import { existsSync } from "node:fs";
import Database from "libsql/promise";
import type { QueryMessage } from "./worker-protocol";

type Row = unknown[];
export type Statement = {
  reader: boolean;
  raw(on?: boolean): Statement;
  columns(): Array<{ name: string; column: string | null; table: string | null; database: string | null }>;
  run(...params: unknown[]): unknown;
  iterate(...params: unknown[]): Promise<Iterable<Row>>;
  all(...params: unknown[]): Promise<Row[]>;
};
export type Connection = {
  prepare(sql: string): Promise<Statement>;
  exec(sql: string): Promise<void>;
  interrupt(): void;
  close(): void;
};

// Indexing and imports send thousands of small queries to one file: the last connection is kept.
let cached: { key: string; db: Connection; timer: ReturnType<typeof setTimeout> | null } | null = null;
const IDLE_CLOSE_MS = 3000;
/** The statement running now, so an interrupt message stops the right one. */
let running: { queryId: number; db: Connection } | null = null;

/** The connection to these files (the cached one when it is theirs). */
export async function connection(files: QueryMessage["files"]): Promise<Connection> {
  const key = JSON.stringify(files);
  if (cached?.key !== key) {
    closeCached();
    cached = { key, db: await open(files), timer: null };
  }
  if (cached.timer) clearTimeout(cached.timer);
  cached.timer = setTimeout(closeWhenIdle, IDLE_CLOSE_MS);
  return cached.db;
}

/** Marks the statement in flight (null when it ended), for `interruptRunning`. */
export function setRunning(value: { queryId: number; db: Connection } | null): void {
  running = value;
}

/** Interrupts the statement of `queryId` if it runs now; the interrupted connection is not used again. */
export function interruptRunning(queryId: number): boolean {
  if (!running || running.queryId !== queryId) return false;
  interruptConnection(running.db);
  return true;
}

let interrupted: Connection | null = null;

/** Interrupts a connection's statement (SQLite stops it at its next step); a later query opens a fresh one. */
export function interruptConnection(db: Connection): void {
  db.interrupt();
  interrupted = db;
}

/** After a failed query: drops the cached connection when it was interrupted (it stays marked so). */
export function dropIfInterrupted(): void {
  if (interrupted && interrupted === cached?.db) closeCached();
  interrupted = null;
}

/** The idle timer: a statement may still be stepping on the connection (its first step runs off this loop). */
function closeWhenIdle(): void {
  if (cached && running?.db === cached.db) cached.timer = setTimeout(closeWhenIdle, IDLE_CLOSE_MS);
  else closeCached();
}

/** Closes the cached connection (a failed open, an interrupted statement). */
export function closeCached(): void {
  if (!cached) return;
  if (cached.timer) clearTimeout(cached.timer);
  try {
    cached.db.close();
  } catch {
    // already closed
  }
  cached = null;
}

async function open(files: QueryMessage["files"]): Promise<Connection> {
  // libsql would create a missing file; a dataset's file that is gone is an error instead.
  if (!existsSync(files.main)) throw new Error(`The dataset's file is missing (${files.main}).`);
  const db = new Database(files.main, {}) as unknown as Connection;
  try {
    for (const { alias, uri } of files.attachments)
      (await db.prepare(`ATTACH DATABASE ? AS "${alias.replace(/"/g, "")}"`)).run(uri);
    // No writes on any attached file; functions in views and triggers must be innocuous.
    await db.exec("PRAGMA query_only = 1; PRAGMA trusted_schema = OFF");
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
