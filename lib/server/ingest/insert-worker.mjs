// A worker thread that writes one table of a fresh rows file while the importing thread parses the
// next rows, so parsing and SQLite's inserts run on two cores. Plain ESM on purpose: Next bundles
// server code, so the parent starts this file by path (see worker-table-writer.ts).
// Two such workers may write one table, each its own batches (the second into a side file), every
// row under its own rowid; the first then copies the side file's rows into the gaps (`merge`).
// Messages, each answered with {id, ok} or {id, ok: false, error}:
//   {id, type: "open", file, insertInto, rowids}  opens the file on its own connection and begins a
//                                         transaction; with `rowids`, each row is bound after its rowid
//   {id, type: "exec", sql}               runs statements (CREATE TABLE)
//   {id, type: "rows", width, count, firstRow, kinds, numbers, text, lengths}  inserts a packed batch (row-batch.ts)
//   {id, type: "commit"}                  commits; {id, type: "merge", part, sql} then attaches the side
//                                         file, runs `sql` (the copy) and detaches it
//   {id, type: "close"}                   closes; {id, type: "abort"} closes without committing
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";

const require = createRequire(import.meta.url);
const Database = require("libsql");

// SQLite binds at most 32,766 parameters per statement; ~200 rows a statement was the fastest measured.
const MAX_PARAMS = 32_766;
const ROWS_PER_STATEMENT = 200;
const KIND_NULL = 0;
const KIND_REAL = 1;
const KIND_INTEGER = 2; // and 3: text

let db = null;
let insertInto = "";
let rowids = false;
const statements = new Map();

function statementFor(width, rows) {
  const key = `${width}x${rows}`;
  let statement = statements.get(key);
  if (!statement) {
    const tuple = `(${new Array(width + (rowids ? 1 : 0)).fill("?").join(",")})`;
    statement = db.prepare(insertInto + new Array(rows).fill(tuple).join(","));
    statements.set(key, statement);
  }
  return statement;
}

function insertBatch({ width, count, firstRow, kinds, numbers, text, lengths }) {
  const kind = new Uint8Array(kinds);
  const number = new Float64Array(numbers);
  const length = new Int32Array(lengths);
  const rowWidth = width + (rowids ? 1 : 0);
  const perStatement = Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(MAX_PARAMS / rowWidth)));
  let value = 0;
  let offset = 0;
  for (let row = 0; row < count; row += perStatement) {
    const rows = Math.min(perStatement, count - row);
    const params = new Array(rows * rowWidth);
    for (let r = 0, p = 0; r < rows; r++) {
      if (rowids) params[p++] = BigInt(firstRow + row + r);
      for (let c = 0; c < width; c++, p++, value++) {
        const k = kind[value];
        if (k === KIND_NULL) params[p] = null;
        else if (k === KIND_REAL) params[p] = number[value];
        // libsql binds every JS number as REAL; a BigInt binds as INTEGER, as the file's "42" should be.
        else if (k === KIND_INTEGER) params[p] = BigInt(number[value]);
        else {
          params[p] = text.slice(offset, offset + length[value]);
          offset += length[value];
        }
      }
    }
    statementFor(width, rows).run(params);
  }
}

function close() {
  statements.clear();
  if (db?.open) db.close();
  db = null;
}

parentPort.on("message", (m) => {
  try {
    if (m.type === "open") {
      db = new Database(m.file);
      // The file is new and private to this import: nothing to recover if it fails, so no journal.
      db.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -32768; BEGIN");
      insertInto = m.insertInto;
      rowids = m.rowids === true;
    } else if (m.type === "exec") db.exec(m.sql);
    else if (m.type === "rows") insertBatch(m);
    else if (m.type === "commit") db.exec("COMMIT");
    else if (m.type === "merge") {
      db.prepare("ATTACH ? AS part").run([m.part]);
      db.exec(`BEGIN; ${m.sql}; COMMIT`);
      db.exec("DETACH part");
    } else if (m.type === "close" || m.type === "abort") close();
    else throw new Error(`unknown message ${m.type}`);
    parentPort.postMessage({ id: m.id, ok: true });
  } catch (err) {
    parentPort.postMessage({ id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
