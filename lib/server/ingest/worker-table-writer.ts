import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import { TypeTally, type StoredValue } from "@/lib/core/ingest/infer-type";
import type { ColumnMeta } from "@/lib/core/model/dataset";
import { RowBatch } from "./row-batch";
import { createTableSql, resolveColumns, sqlColumnsOf } from "./table-writer";

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
 * connection, with bound multi-row INSERTs, while this thread parses the next rows. Types are
 * tallied here, as values are pushed, and fixed up in the worker at the end, as TableWriter does.
 */
export class WorkerTableWriter {
  readonly sqlColumns: string[];
  private readonly tallies: TypeTally[];
  private readonly numberRows: number[]; // per column, the last rowid written with a number (0: none)
  private readonly worker = new Worker(insertWorkerPath());
  private readonly waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  private readonly queued: Promise<void>[] = [];
  private readonly batch: RowBatch;
  private nextId = 1;
  private failure: Error | null = null;
  private rowCount = 0;

  constructor(
    file: string,
    readonly sqlTable: string,
    readonly headers: string[],
  ) {
    this.sqlColumns = sqlColumnsOf(headers);
    this.tallies = headers.map(() => new TypeTally());
    this.numberRows = headers.map(() => 0);
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

  /**
   * Appends a row of already-converted values; its length must equal the header's. A number in a
   * column already known to be text is stored as the text it was read from (String(n) is that text,
   * see toStoredValue), so only the rows before the column's first text need fixing at the end.
   */
  push(values: StoredValue[]): void {
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      const tally = this.tallies[i];
      tally.add(value);
      if (typeof value !== "number") continue;
      if (tally.texts > 0) values[i] = String(value);
      else this.numberRows[i] = this.rowCount + 1;
    }
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

  /** Writes the rest, fixes storage of mixed columns, commits and returns the column metadata. */
  async finish(): Promise<ColumnMeta[]> {
    this.post();
    const { sqlTable, headers, sqlColumns, tallies, numberRows } = this;
    const { columns, fixups } = resolveColumns(sqlTable, headers, sqlColumns, tallies, {}, numberRows);
    for (const sql of fixups) this.track(this.send({ type: "exec", sql }));
    this.track(this.send({ type: "commit" }));
    try {
      for (const reply of this.queued.splice(0)) await reply;
    } finally {
      await this.stop();
    }
    return columns;
  }

  /** Drops the worker's connection without committing (the import failed). */
  async abort(): Promise<void> {
    if (!this.failure) await this.send({ type: "abort" }).catch(() => undefined);
    await this.stop();
  }

  private async stop(): Promise<void> {
    this.worker.removeAllListeners("exit");
    this.failure ??= new Error("the insert worker was stopped");
    await this.worker.terminate();
  }
}
