// The insert worker (a pool entry bundled with the app, see lib/server/pool/bundle.ts): writes one
// table of a fresh rows file while the importing thread parses the next rows, so parsing and
// SQLite's inserts run on two cores. Two such workers may write one table, each its own batches
// (the second into a side file), every row under its own rowid; the first then copies the side
// file's rows into the gaps (`merge`). One task is one table: the lane's messages arrive on the
// task's port, each answered with {id, ok} or {id, ok: false, error}; the task ends at close.
//   {id, type: "open", file, insertInto, rowids}  opens the file on its own connection and begins a
//                                         transaction; with `rowids`, each row is bound after its rowid
//   {id, type: "exec", sql}               runs statements (CREATE TABLE)
//   {id, type: "rows", width, count, firstRow, kinds, numbers, text, lengths}  inserts a packed batch
//   {id, type: "kept", table, names, indexes, rows, text, lengths}  writes texts kept beside their
//                                         values (names[indexes[i]], rows[i]) into _written_text
//   {id, type: "commit"}                  commits; {id, type: "merge", part, sql} then attaches the side
//                                         file, runs `sql` (the copy) and detaches it
//   {id, type: "close"}                   closes; {id, type: "abort"} closes without committing
import "server-only";
import type { MessagePort } from "node:worker_threads";
import type LibsqlDatabase from "libsql";
import { lowerThisThreadsPriority } from "@/lib/server/pool/priority";
import { insertWrittenSql } from "@/lib/server/written/store";
import { loadSyncSqlite } from "./sync-sqlite";

type Db = InstanceType<typeof LibsqlDatabase>;
type Statement = ReturnType<Db["prepare"]>;

/** A packed batch of rows (row-batch.ts): kinds and numbers per value, the text values end to end. */
type RowsMessage = {
  width: number;
  count: number;
  firstRow: number;
  kinds: ArrayBuffer;
  numbers: ArrayBuffer;
  text: string;
  lengths: ArrayBuffer;
};
/** Texts kept beside their values (row-batch.ts KeptBatch): column indexes into `names`, rowids, texts. */
type KeptMessage = {
  table: string;
  names: string[];
  indexes: ArrayBuffer;
  rows: ArrayBuffer;
  text: string;
  lengths: ArrayBuffer;
};
export type InsertMessage = { id: number } & (
  | { type: "open"; file: string; insertInto: string; rowids?: boolean }
  | { type: "exec"; sql: string }
  | ({ type: "rows" } & RowsMessage)
  | ({ type: "kept" } & KeptMessage)
  | { type: "commit" }
  | { type: "merge"; part: string; sql: string }
  | { type: "close" }
  | { type: "abort" }
);
export type InsertReply = { id: number; ok: boolean; error?: string };

// SQLite binds at most 32,766 parameters per statement; ~200 rows a statement was the fastest measured.
const MAX_PARAMS = 32_766;
const ROWS_PER_STATEMENT = 200;
const KEPT_PER_STATEMENT = 200;
const KIND_NULL = 0;
const KIND_REAL = 1;
const KIND_INTEGER = 2; // and 3: text

// Writing a file yields the CPU to the server's main thread.
lowerThisThreadsPriority();

const { Database } = await loadSyncSqlite();

/** One table's writer: its connection and its prepared statements. */
class TableWrite {
  private db: Db | null = null;
  private insertInto = "";
  private rowids = false;
  private readonly statements = new Map<string, Statement>();

  handle(m: InsertMessage): boolean {
    if (m.type === "open") {
      this.db = new Database(m.file);
      // The file is new and private to this import: nothing to recover if it fails, so no journal.
      this.db.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -32768; BEGIN");
      this.insertInto = m.insertInto;
      this.rowids = m.rowids === true;
    } else if (m.type === "exec") this.opened().exec(m.sql);
    else if (m.type === "rows") this.insertBatch(m);
    else if (m.type === "kept") this.insertKept(m);
    else if (m.type === "commit") this.opened().exec("COMMIT");
    else if (m.type === "merge") {
      const db = this.opened();
      db.prepare("ATTACH ? AS part").run([m.part]);
      db.exec(`BEGIN; ${m.sql}; COMMIT`);
      db.exec("DETACH part");
    } else if (m.type === "close" || m.type === "abort") {
      this.close();
      return false;
    } else throw new Error(`unknown message ${(m as { type: string }).type}`);
    return true;
  }

  close(): void {
    this.statements.clear();
    if (this.db?.open) this.db.close();
    this.db = null;
  }

  private opened(): Db {
    if (!this.db) throw new Error("The rows file is not open.");
    return this.db;
  }

  private statementFor(width: number, rows: number): Statement {
    const key = `${width}x${rows}`;
    let statement = this.statements.get(key);
    if (!statement) {
      const tuple = `(${new Array(width + (this.rowids ? 1 : 0)).fill("?").join(",")})`;
      statement = this.opened().prepare(this.insertInto + new Array(rows).fill(tuple).join(","));
      this.statements.set(key, statement);
    }
    return statement;
  }

  private insertKept({ table, names, indexes, rows, text, lengths }: KeptMessage): void {
    const index = new Int32Array(indexes);
    const row = new Float64Array(rows);
    const length = new Int32Array(lengths);
    let offset = 0;
    for (let from = 0; from < index.length; from += KEPT_PER_STATEMENT) {
      const count = Math.min(KEPT_PER_STATEMENT, index.length - from);
      const params: unknown[] = [];
      for (let k = from; k < from + count; k++) {
        params.push(table, names[index[k]], BigInt(row[k]), text.slice(offset, offset + length[k]));
        offset += length[k];
      }
      let statement = this.statements.get(`kept${count}`);
      if (!statement) {
        statement = this.opened().prepare(insertWrittenSql(count));
        this.statements.set(`kept${count}`, statement);
      }
      statement.run(params);
    }
  }

  private insertBatch({ width, count, firstRow, kinds, numbers, text, lengths }: RowsMessage): void {
    const kind = new Uint8Array(kinds);
    const number = new Float64Array(numbers);
    const length = new Int32Array(lengths);
    const rowWidth = width + (this.rowids ? 1 : 0);
    const perStatement = Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(MAX_PARAMS / rowWidth)));
    let value = 0;
    let offset = 0;
    for (let row = 0; row < count; row += perStatement) {
      const rows = Math.min(perStatement, count - row);
      const params: unknown[] = new Array(rows * rowWidth);
      for (let r = 0, p = 0; r < rows; r++) {
        if (this.rowids) params[p++] = BigInt(firstRow + row + r);
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
      this.statementFor(width, rows).run(params);
    }
  }
}

/** The pool's task: writes one table from the messages on `port` until it is closed. */
export default function writeTable(task: { port: MessagePort }): Promise<void> {
  const table = new TableWrite();
  return new Promise((resolve) => {
    task.port.on("message", (m: InsertMessage) => {
      let open = true;
      try {
        open = table.handle(m);
        task.port.postMessage({ id: m.id, ok: true } satisfies InsertReply);
      } catch (err) {
        task.port.postMessage({ id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) });
      }
      if (open) return;
      task.port.close();
      resolve();
    });
  });
}
