// A child process that runs one guarded SELECT at a time on a read-only dataset connection.
// Plain ESM on purpose: the parent forks it by path (Next bundles server code, so this file must
// stay a real file under lib/server/sql). The parent enforces the time limit by killing this
// process; the row cap is enforced here by iterating. No secrets are in this process's env.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const Database = require("libsql");

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

let allowedFunctions = new Set();

// The last connection is kept for the next query on the same files (imports and indexing send
// thousands of small queries to one file); it is closed after a short idle time.
let cached = null;
const IDLE_CLOSE_MS = 3000;

function connection(files) {
  const key = JSON.stringify(files);
  if (cached?.key !== key) {
    closeCached();
    cached = { key, db: open(files), timer: null };
  }
  if (cached.timer) clearTimeout(cached.timer);
  cached.timer = setTimeout(closeCached, IDLE_CLOSE_MS);
  return cached.db;
}

function closeCached() {
  if (!cached) return;
  if (cached.timer) clearTimeout(cached.timer);
  try {
    cached.db.close();
  } catch {
    // already closed
  }
  cached = null;
}

function open(files) {
  const db = new Database(files.main, { readonly: true, fileMustExist: true });
  try {
    for (const { alias, uri } of files.attachments)
      db.prepare(`ATTACH DATABASE ? AS "${alias.replace(/"/g, "")}"`).run(uri);
    // No writes on any attached file; functions in views and triggers must be innocuous.
    db.exec("PRAGMA query_only = 1; PRAGMA trusted_schema = OFF");
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** Inspects the compiled program: no write opcode, no write transaction, only allowed functions. */
function checkProgram(db, sql) {
  const program = db.prepare(`EXPLAIN ${sql}`).raw(true).all();
  for (const [, opcode, , p2, , p4] of program) {
    if (WRITE_OPCODES.has(opcode) || (opcode === "Transaction" && Number(p2) !== 0)) {
      return {
        reason: "writes",
        message: `The statement would change the database (${opcode}); only reading is allowed.`,
      };
    }
    if (FUNCTION_OPCODES.has(opcode) && typeof p4 === "string") {
      const name = p4.replace(/\(-?\d+\)$/, "").toLowerCase();
      if (!allowedFunctions.has(name))
        return { reason: "forbidden_function", message: `The function ${name}() is not allowed in a query.` };
    }
  }
  return null;
}

function cell(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === "number" || typeof value === "string") return value;
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  return String(value);
}

function run({ files, sql, maxRows, params = [], budgetMs, countOnly = false, internal = false }) {
  const start = performance.now();
  const deadline = budgetMs ? start + budgetMs : Infinity;
  let db;
  try {
    db = connection(files);
  } catch (err) {
    closeCached();
    throw err;
  }
  // EXPLAIN of some internal statements (quick_check over virtual tables) returns bytes libsql
  // cannot convert and aborts on, so the server's own SQL skips the program check.
  const refusal = internal ? null : checkProgram(db, sql);
  if (refusal) return { ok: false, kind: "refused", ...refusal };
  const stmt = db.prepare(sql);
  if (!stmt.reader)
    return {
      ok: false,
      kind: "refused",
      reason: "not_select",
      message: "The statement returns no rows; only a SELECT may run.",
    };
  const columns = stmt.columns().map((c) => c.name);
  const rows = [];
  let rowCount = 0;
  let stoppedBy = null;
  // The row budget and the soft time budget end the statement here, between rows; a single step
  // that never returns is the parent's to end (it kills this process at its hard limit).
  for (const row of stmt.raw(true).iterate(...params)) {
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
  return {
    ok: true,
    columns,
    rows,
    truncated: stoppedBy !== null,
    rowCount,
    stoppedBy,
    ms: Math.round((performance.now() - start) * 10) / 10,
  };
}

process.on("message", (msg) => {
  if (msg?.type === "init") {
    allowedFunctions = new Set(msg.allowedFunctions);
    return;
  }
  if (msg?.type !== "query") return;
  let reply;
  try {
    reply = run(msg);
  } catch (err) {
    reply = { ok: false, kind: "failed", message: err instanceof Error ? err.message : String(err) };
  }
  process.send({ id: msg.id, ...reply });
});

process.on("disconnect", () => process.exit(0));
process.send({ type: "ready" });
