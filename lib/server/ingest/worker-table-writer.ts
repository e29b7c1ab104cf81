import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { ColumnTyping } from "@/lib/core/ingest/column-typing";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import type { StoredValue } from "@/lib/core/ingest/infer-type";
import type { ColumnMeta } from "@/lib/core/model/dataset";
import type { SqliteDb } from "@/lib/server/sqlite/open";
import { RowBatch } from "./row-batch";
import { columnMetas, createTableSql, sqlColumnsOf, storeNumbersAsText } from "./table-writer";

// ~8k rows or ~1 MB of text a batch, at most two batches queued: memory stays flat on any file size.
const ROWS_PER_BATCH = 8192;
const MAX_QUEUED_BATCHES = 2;

type Reply = { id: number; ok: boolean; error?: string };

/** The worker script, resolved from the working directory: Next bundles server code, so it is started by path. */
export function insertWorkerPath(): string {
  return (
    process.env.INSERT_WORKER_PATH ??
    path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "server", "ingest", "insert-worker.mjs")
  );
}

/**
 * Writes a new table of a fresh rows file from a worker thread (insert-worker.mjs) on its own
 * connection, with bound multi-row INSERTs, while this thread parses the next rows. Values are
 * typed here by ColumnTyping, as TableWriter does; once the worker has committed, the numbers of
 * columns that turned out to be text are stored as text on `db`, this thread's connection to the
 * same file (its transaction is committed while the worker writes and begun again after).
 */
export class WorkerTableWriter {
  readonly sqlColumns: string[];
  private readonly typing: ColumnTyping;
  private readonly resumeTransaction: boolean;
  private readonly worker = new Worker(insertWorkerPath());
  private readonly waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  private readonly queued: Promise<void>[] = [];
  private readonly batch: RowBatch;
  private nextId = 1;
  private failure: Error | null = null;
  private rowCount = 0;

  constructor(
    private readonly db: SqliteDb,
    file: string,
    readonly sqlTable: string,
    readonly headers: string[],
  ) {
    // The worker writes on its own connection; this one must hold no write lock meanwhile.
    this.resumeTransaction = db.inTransaction;
    if (this.resumeTransaction) db.exec("COMMIT");
    this.sqlColumns = sqlColumnsOf(headers);
    this.typing = new ColumnTyping(headers.length);
    this.batch = new RowBatch(headers.length, ROWS_PER_BATCH);
    this.worker.on("message", (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.ok) waiter?.resolve();
      else waiter?.reject(new Error(reply.error ?? "the insert worker failed"));
    });
    this.worker.on("error", (err) => this.fail(err));
    this.worker.on("exit", (code) => this.fail(new Error(`the insert worker exited (code ${code})`)));
    this.track(this.send({ type: "open", file, insertInto: `INSERT INTO ${quoteIdent(sqlTable)} VALUES ` }));
    this.track(this.send({ type: "exec", sql: createTableSql(sqlTable, this.sqlColumns) }));
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const waiter of this.waiting.values()) waiter.reject(err);
    this.waiting.clear();
  }

  private send(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id }, transfer);
    });
  }

  /** Keeps a pending reply; its failure is raised by the next ready() or finish(). */
  private track(reply: Promise<void>): void {
    reply.catch(() => undefined); // observed later, through this.queued
    this.queued.push(reply);
  }

  /** Appends a row of already-converted values; its length must equal the header's. */
  push(values: StoredValue[]): void {
    this.typing.accept(values);
    this.batch.add(values);
    this.rowCount++;
    if (this.batch.full) this.post();
  }

  get rows(): number {
    return this.rowCount;
  }

  private post(): void {
    if (this.batch.count === 0) return;
    const { rows, transfer } = this.batch.pack();
    this.track(this.send({ type: "rows", ...rows }, transfer));
  }

  /** Resolves once at most MAX_QUEUED_BATCHES are waiting for the worker; rejects if it failed. */
  async ready(): Promise<void> {
    while (this.queued.length > MAX_QUEUED_BATCHES) await this.queued.shift();
    if (this.failure) throw this.failure;
  }

  /** Writes the rest, commits, stores the numbers of text columns as text and returns the column metadata. */
  async finish(): Promise<ColumnMeta[]> {
    this.post();
    this.track(this.send({ type: "commit" }));
    try {
      for (const reply of this.queued.splice(0)) await reply;
    } finally {
      await this.stop();
    }
    if (this.resumeTransaction) this.db.exec("BEGIN");
    const { types, numbersToText } = this.typing.resolve();
    await storeNumbersAsText(this.db, this.sqlTable, this.sqlColumns, numbersToText);
    return columnMetas(this.headers, this.sqlColumns, types, this.typing);
  }

  /** Drops the worker's connection without committing (the import failed). */
  async abort(): Promise<void> {
    if (!this.failure) await this.send({ type: "abort" }).catch(() => undefined);
    await this.stop();
    if (this.resumeTransaction) this.db.exec("BEGIN");
  }

  private async stop(): Promise<void> {
    this.worker.removeAllListeners("exit");
    this.failure ??= new Error("the insert worker was stopped");
    await this.worker.terminate();
  }
}
