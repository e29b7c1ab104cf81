// The SQL worker: a child process that runs one guarded SELECT at a time on a read-only dataset
// connection (started by the pool in ./pool.ts, bundled with the app like every worker entry).
// A child process, not a thread, so that a statement that never yields can still be ended: the
// pool first sends an interrupt (SQLite stops the statement at its next step), and kills the
// process if the statement does not stop. No secrets are in this process's environment.
import "server-only";
import { existsSync } from "node:fs";
import Database from "libsql/promise";
import { lowerThisThreadsPriority } from "@/lib/server/pool/priority";
import { ALLOWED_FUNCTIONS } from "./allowed-functions";
import type { QueryMessage, WorkerReply } from "./worker-protocol";

/** Opcodes that only a statement changing a database or the schema compiles to. */
const WRITE_OPCODES = new Set([
  "OpenWrite",
  "VUpdate",
  "VCreate",
  "VDestroy",
  "Destroy",
  "CreateBtree",
  "ParseSchema",
  "Vacuum",
  "IncrVacuum",
  "DropTable",
  "DropIndex",
  "DropTrigger",
  "JournalMode",
  "SqlExec",
]);
const FUNCTION_OPCODES = new Set(["Function", "PureFunc", "AggStep", "AggStep1", "AggInverse", "AggValue", "AggFinal"]);

type Row = unknown[];
type Statement = {
  reader: boolean;
  raw(on?: boolean): Statement;
  columns(): Array<{ name: string; column: string | null; table: string | null; database: string | null }>;
  run(...params: unknown[]): unknown;
  iterate(...params: unknown[]): Promise<Iterable<Row>>;
  all(...params: unknown[]): Promise<Row[]>;
};
type Connection = {
  prepare(sql: string): Promise<Statement>;
  exec(sql: string): Promise<void>;
  interrupt(): void;
  close(): void;
};

// Before SQLite's threads start (they inherit it): statements yield the CPU to the server's main thread.
lowerThisThreadsPriority();

// The last connection is kept for the next query on the same files (indexing and imports send
// thousands of small queries to one file); it is closed after a short idle time.
let cached: { key: string; db: Connection; timer: ReturnType<typeof setTimeout> | null } | null = null;
const IDLE_CLOSE_MS = 3000;
/** The statement running now, so an interrupt message stops the right one. */
let running: { queryId: number; db: Connection } | null = null;
let interruptedConnection: Connection | null = null;

async function connection(files: QueryMessage["files"]): Promise<Connection> {
  const key = JSON.stringify(files);
  if (cached?.key !== key) {
    closeCached();
    cached = { key, db: await open(files), timer: null };
  }
  if (cached.timer) clearTimeout(cached.timer);
  cached.timer = setTimeout(closeWhenIdle, IDLE_CLOSE_MS);
  return cached.db;
}

/** The idle timer: a statement may still be stepping on the connection (its first step runs off this loop). */
function closeWhenIdle(): void {
  if (cached && running?.db === cached.db) cached.timer = setTimeout(closeWhenIdle, IDLE_CLOSE_MS);
  else closeCached();
}

function closeCached(): void {
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

/** Inspects the compiled program: no write opcode, no write transaction, only allowed functions. */
async function checkProgram(db: Connection, sql: string): Promise<{ reason: string; message: string } | null> {
  const program = await (await db.prepare(`EXPLAIN ${sql}`)).raw(true).all();
  for (const [, opcode, , p2, , p4] of program as Array<[number, string, number, number, number, unknown]>) {
    if (WRITE_OPCODES.has(opcode) || (opcode === "Transaction" && Number(p2) !== 0)) {
      return {
        reason: "writes",
        message: `The statement would change the database (${opcode}); only reading is allowed.`,
      };
    }
    if (FUNCTION_OPCODES.has(opcode) && typeof p4 === "string") {
      const name = p4.replace(/\(-?\d+\)$/, "").toLowerCase();
      if (!ALLOWED_FUNCTIONS.has(name))
        return { reason: "forbidden_function", message: `The function ${name}() is not allowed in a query.` };
    }
  }
  return null;
}

function cell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === "number" || typeof value === "string") return value;
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  return String(value);
}

async function run(message: QueryMessage & { queryId: number }): Promise<WorkerReply> {
  const { files, sql, maxRows, params = [], budgetMs, countOnly = false, internal = false, describeOnly } = message;
  const start = performance.now();
  const deadline = budgetMs ? start + budgetMs : Number.POSITIVE_INFINITY;
  let db: Connection;
  try {
    db = await connection(files);
  } catch (err) {
    closeCached();
    throw err;
  }
  // EXPLAIN of some internal statements (quick_check over virtual tables) returns bytes libsql
  // cannot convert and aborts on, so the server's own SQL skips the program check.
  const refusal = internal ? null : await checkProgram(db, sql);
  if (refusal) return { ok: false, kind: "refused", ...refusal };
  const stmt = await db.prepare(sql);
  if (!stmt.reader)
    return {
      ok: false,
      kind: "refused",
      reason: "not_select",
      message: "The statement returns no rows; only a SELECT may run.",
    };
  const described = stmt.columns();
  const columns = described.map((c) => c.name);
  // Which stored column each result column reads as it is (null for an expression): the SQL box and
  // answers show such a column's numbers as the file wrote them (lib/server/written).
  const origins = described.map((c) =>
    c.column && c.table && c.database ? { database: c.database, table: c.table, column: c.column } : null,
  );
  if (describeOnly)
    return { ok: true, columns, origins, rows: [], truncated: false, rowCount: 0, stoppedBy: null, ms: 0 };
  const rows: Array<Array<string | number | null>> = [];
  let rowCount = 0;
  let stoppedBy: "rows" | "time" | null = null;
  running = { queryId: message.queryId, db };
  try {
    // The first step runs off this process's event loop, so an interrupt can stop it; the row
    // and soft time budgets end the statement here, between rows.
    for (const row of await stmt.raw(true).iterate(...params)) {
      if (rowCount === maxRows) {
        stoppedBy = "rows";
        break;
      }
      if ((rowCount & 255) === 0 && rowCount > 0 && performance.now() > deadline) {
        stoppedBy = "time";
        break;
      }
      rowCount++;
      if (!countOnly) rows.push(row.map(cell));
    }
  } finally {
    running = null;
  }
  return {
    ok: true,
    columns,
    origins,
    rows,
    truncated: stoppedBy !== null,
    rowCount,
    stoppedBy,
    ms: Math.round((performance.now() - start) * 10) / 10,
  };
}

// The pool's interrupt for the statement in flight (the time limit, or a cancelled question).
process.on("message", (msg: { type?: string; queryId?: number } | null) => {
  if (msg?.type !== "interrupt" || !running || running.queryId !== msg.queryId) return;
  running.db.interrupt();
  // An interrupted connection stays marked as interrupted: the next query opens a fresh one.
  interruptedConnection = running.db;
});

// The server is gone (killed, crashed): nothing will ask this process anything again.
process.on("disconnect", () => process.exit(0));

/** The pool's task: one query; a failure becomes a reply, never a crash of this process. */
export default async function query(message: QueryMessage & { queryId: number }): Promise<WorkerReply> {
  try {
    return await run(message);
  } catch (err) {
    if (interruptedConnection && interruptedConnection === cached?.db) closeCached();
    interruptedConnection = null;
    const text = err instanceof Error ? err.message : String(err);
    const interrupted = (err as { code?: unknown }).code === "SQLITE_INTERRUPT" || text === "interrupted";
    return interrupted
      ? { ok: false, kind: "interrupted", message: "The query was interrupted." }
      : { ok: false, kind: "failed", message: text };
  }
}
