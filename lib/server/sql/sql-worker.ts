// The SQL worker: a child process that checks and runs one guarded SELECT at a time on a read-only
// dataset connection (started by the pool in ./pool.ts, bundled with the app like every worker
// entry). A child process, not a thread, so that work that never yields can still be ended: a
// statement is interrupted (SQLite stops it at its next step) and the process killed if it does
// not stop; a parse that overruns MAX_SQL_CHECK_MS is ended by killing the process. It tells the
// pool when its check begins and when the statement starts to run ("phase" messages), so each is
// timed where it happens. No secrets are in this process's environment.
import "server-only";
import { lowerThisThreadsPriority } from "@/lib/server/pool/priority";
import { transpileSql } from "@/lib/core/retrieval/sql/dialect";
import { checkSql } from "./check-sql";
import { SqlRefusedError } from "./errors";
import {
  closeCached,
  type Connection,
  connection,
  dropIfInterrupted,
  interruptConnection,
  interruptRunning,
  setRunning,
} from "./worker-connection";
import { checkProgram, compiledProgram } from "./worker-program";
import { readRows, RowTimeLimitError } from "./worker-rows";
import type {
  AnalyzeMessage,
  AnalyzeReply,
  CheckMessage,
  PhaseMessage,
  QueryMessage,
  SqlWorkerTask,
  WorkerReply,
} from "./worker-protocol";

// Before SQLite's threads start (they inherit it): statements yield the CPU to the server's main thread.
lowerThisThreadsPriority();

const phase = (queryId: number, name: PhaseMessage["phase"]) =>
  process.send?.({ type: "phase", queryId, phase: name } satisfies PhaseMessage);

/** Whose time limit interrupted the statement in flight: the worker's own, or the pool's cancel. */
let timedOut = false;

/**
 * The checks of user or model SQL: SQLite compiles it first (its own syntax errors come back as
 * they are, at once), then the parser's look (allowed functions, the dataset's tables), then the
 * compiled program. SQL the parser cannot read but SQLite can (window frames, VALUES) is judged by
 * its program alone, tables included.
 */
async function guard(db: Connection, message: QueryMessage): Promise<WorkerReply | null> {
  const spec = message.guard;
  if (!spec) return message.internal ? null : refusalOf(await checkProgram(db, await compiledProgram(db, message.sql)));
  const program = await compiledProgram(db, message.sql);
  let parsed = spec.ast !== false;
  if (parsed) {
    try {
      checkSql(message.sql, { tables: spec.tables ?? undefined });
    } catch (err) {
      if (!(err instanceof SqlRefusedError) || err.reason !== "parse_error") throw err;
      parsed = false;
    }
  }
  return refusalOf(await checkProgram(db, program, parsed ? undefined : spec.tables));
}

const refusalOf = (refusal: { reason: string; message: string } | null): WorkerReply | null =>
  refusal ? { ok: false, kind: "refused", ...refusal } : null;

async function run(message: QueryMessage & { queryId: number }): Promise<WorkerReply> {
  const { files, sql, maxRows, params = [], budgetMs, countOnly = false } = message;
  if (message.guard || !message.internal) phase(message.queryId, "check");
  let db: Connection;
  try {
    db = await connection(files);
  } catch (err) {
    closeCached();
    throw err;
  }
  const refused = await guard(db, message);
  if (refused) return refused;
  const stmt = await db.prepare(sql);
  if (!stmt.reader)
    return {
      ok: false,
      kind: "refused",
      reason: "not_select",
      message: "The statement returns no rows; only a SELECT may run.",
    };
  const described = stmt.columns();
  // Which stored column each result column reads as it is (null for an expression): the SQL box and
  // answers show such a column's numbers as the file wrote them (lib/server/written).
  const origins = described.map((c) =>
    c.column && c.table && c.database ? { database: c.database, table: c.table, column: c.column } : null,
  );
  const columns = described.map((c) => c.name);
  if (message.describeOnly)
    return { ok: true, columns, origins, rows: [], truncated: false, rowCount: 0, stoppedBy: null, ms: 0 };
  phase(message.queryId, "run");
  const start = performance.now();
  const timeoutMs = message.timeoutMs ?? Number.POSITIVE_INFINITY;
  // The time limit, kept here where the statement runs (the pool's own timer is the backstop).
  timedOut = false;
  const limit = Number.isFinite(timeoutMs)
    ? setTimeout(() => {
        timedOut = true;
        interruptConnection(db);
      }, timeoutMs)
    : null;
  setRunning({ queryId: message.queryId, db });
  try {
    const read = await readRows(stmt, params, {
      maxRows,
      maxBytes: message.maxBytes,
      budgetDeadline: budgetMs ? start + budgetMs : Number.POSITIVE_INFINITY,
      hardDeadline: start + timeoutMs,
      countOnly,
    });
    return {
      ok: true,
      columns,
      origins,
      ...read,
      truncated: read.stoppedBy !== null,
      ms: Math.round((performance.now() - start) * 10) / 10,
    };
  } catch (err) {
    if (err instanceof RowTimeLimitError) timedOut = true;
    throw err;
  } finally {
    if (limit) clearTimeout(limit);
    setRunning(null);
  }
}

/**
 * The parser's look alone, for a statement no SQLite connection here can compile (PostgreSQL),
 * and the statement written in PostgreSQL's dialect: both parses of user SQL happen here, under
 * the check's time limit, never on a thread of the server.
 */
function check(message: CheckMessage & { queryId: number }): WorkerReply {
  phase(message.queryId, "check");
  checkSql(message.sql, { tables: message.tables ?? undefined });
  const engineSql = transpileSql(message.sql, "sqlite", "postgres");
  return { ok: true, columns: [], rows: [], truncated: false, ms: 0, rowCount: 0, stoppedBy: null, engineSql };
}

async function analyze(message: AnalyzeMessage & { queryId: number }): Promise<AnalyzeReply> {
  // The full parser (every dialect) loads only in a process that analyses: most never do.
  const { analyzeGoldSql } = await import("@/lib/core/eval/gold-sql");
  phase(message.queryId, "check");
  try {
    const gold = analyzeGoldSql(message.sql, new Map(message.schema));
    return { ok: true, columns: [...gold.columns], branches: gold.branches };
  } catch (err) {
    return { ok: false, message: err instanceof RangeError ? "The statement is nested too deeply." : String(err) };
  }
}

// The pool's interrupt for the statement in flight (its time limit, or a cancelled question).
process.on("message", (msg: { type?: string; queryId?: number } | null) => {
  if (msg?.type === "interrupt" && typeof msg.queryId === "number") interruptRunning(msg.queryId);
});

// The server is gone (killed, crashed): nothing will ask this process anything again.
process.on("disconnect", () => process.exit(0));

/** The pool's task: one query, check or analysis; a failure becomes a reply, never a crash of this process. */
export default async function task(message: SqlWorkerTask & { queryId: number }): Promise<WorkerReply | AnalyzeReply> {
  if (message.type === "analyze") return analyze(message);
  try {
    return message.type === "check" ? check(message) : await run(message);
  } catch (err) {
    dropIfInterrupted();
    if (err instanceof SqlRefusedError) return { ok: false, kind: "refused", reason: err.reason, message: err.message };
    const text = err instanceof Error ? err.message : String(err);
    if (err instanceof RangeError)
      return { ok: false, kind: "refused", reason: "too_complex", message: "The statement is nested too deeply." };
    const interrupted = (err as { code?: unknown }).code === "SQLITE_INTERRUPT" || text === "interrupted";
    if (interrupted || err instanceof RowTimeLimitError)
      return timedOut
        ? { ok: false, kind: "timeout", message: "The query ran past its time limit." }
        : { ok: false, kind: "interrupted", message: "The query was interrupted." };
    return { ok: false, kind: "failed", message: text };
  }
}
