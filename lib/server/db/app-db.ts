import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "@/db/schema";
import { config } from "@/lib/server/config";
import { processSingleton } from "@/lib/server/process/singleton";

/** How long a write waits for another connection's lock before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

export type AppDb = LibSQLDatabase<typeof schema> & { $client: Client };

// One per process, so dev-mode module reloads and route bundles share one connection.
const holder = processSingleton("appDb", (): { pending?: Promise<AppDb> } => ({}));

async function connect(): Promise<AppDb> {
  const url = config.databaseUrl;
  if (url.startsWith("file:")) mkdirSync(path.dirname(url.slice("file:".length)), { recursive: true });
  // The client opens more connections as it needs them (one per open transaction): a PRAGMA
  // reaches only the connection it ran on, `timeout` reaches them all. Every thread (the main one,
  // each pool worker) has its own client, so a write often waits for another thread's commit.
  const client = createClient({ url, authToken: config.databaseAuthToken, timeout: BUSY_TIMEOUT_MS });
  if (url.startsWith("file:")) {
    await client.execute("PRAGMA journal_mode = WAL");
    // In WAL mode NORMAL keeps every commit through a crash of the server (only a power loss may
    // lose the last ones) without an fsync per commit: the main thread stores many runs' events,
    // and each fsync was a wait on the disk while it held the database's write lock.
    await client.execute("PRAGMA synchronous = NORMAL");
  }
  await client.execute("PRAGMA foreign_keys = ON");
  const db = drizzle(client, { schema }) as AppDb;
  await migrate(db, { migrationsFolder: path.join(process.cwd(), "db/migrations") });
  return db;
}

/** The app database, migrated on first use. */
export function appDb(): Promise<AppDb> {
  holder.pending ??= connect().catch((err) => {
    holder.pending = undefined;
    throw err;
  });
  return holder.pending;
}

/** Closes the connection (tests and scripts). */
export async function closeAppDb(): Promise<void> {
  const pending = holder.pending;
  holder.pending = undefined;
  if (pending) (await pending).$client.close();
}
