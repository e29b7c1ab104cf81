// A child process that runs one guarded SELECT at a time on a read-only dataset connection.
// Plain ESM on purpose: the parent forks it by path (Next bundles server code, so this file must
// stay a real file under lib/server/sql). The parent enforces the time limit by killing this
// process; the row cap is enforced here by iterating. No secrets are in this process's env.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const Database = require("libsql");

/** Opcodes that only a statement changing a database or the schema compiles to. */
const WRITE_OPCODES = new Set([
  "OpenWrite", "VUpdate", "VCreate", "VDestroy", "Destroy", "CreateBtree", "ParseSchema", "Vacuum", "IncrVacuum",
  "DropTable", "DropIndex", "DropTrigger", "JournalMode", "SqlExec",
]);
const FUNCTION_OPCODES = new Set(["Function", "PureFunc", "AggStep", "AggStep1", "AggInverse", "AggValue", "AggFinal"]);

let allowedFunctions = new Set();

function open(files) {
  const db = new Database(files.main, { readonly: true, fileMustExist: true });
  try {
    for (const { alias, uri } of files.attachments) db.prepare(`ATTACH DATABASE ? AS "${alias.replace(/"/g, "")}"`).run(uri);
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
      return { reason: "writes", message: `The statement would change the database (${opcode}); only reading is allowed.` };
    }
    if (FUNCTION_OPCODES.has(opcode) && typeof p4 === "string") {
      const name = p4.replace(/\(-?\d+\)$/, "").toLowerCase();
      if (!allowedFunctions.has(name)) return { reason: "forbidden_function", message: `The function ${name}() is not allowed in a query.` };
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

function run({ files, sql, maxRows, params = [] }) {
  const start = performance.now();
  const db = open(files);
  try {
    const refusal = checkProgram(db, sql);
    if (refusal) return { ok: false, kind: "refused", ...refusal };
    const stmt = db.prepare(sql);
    if (!stmt.reader) return { ok: false, kind: "refused", reason: "not_select", message: "The statement returns no rows; only a SELECT may run." };
    const columns = stmt.columns().map((c) => c.name);
    const rows = [];
    let truncated = false;
    for (const row of stmt.raw(true).iterate(...params)) {
      if (rows.length === maxRows) {
        truncated = true;
        break;
      }
      rows.push(row.map(cell));
    }
    return { ok: true, columns, rows, truncated, ms: Math.round((performance.now() - start) * 10) / 10 };
  } finally {
    db.close();
  }
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
