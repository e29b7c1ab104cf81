import "server-only";
import { rmSync } from "node:fs";
import { ColumnTyping } from "@/lib/core/ingest/column-typing";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import type { StoredValue } from "@/lib/core/ingest/infer-type";
import type { ColumnMeta } from "@/lib/core/model/dataset";
import type { SqliteDb } from "@/lib/server/sqlite/open";
import { applyWrittenFixes, keptCounts } from "@/lib/server/written/fixes";
import { CREATE_WRITTEN_TABLE } from "@/lib/server/written/store";
import { InsertLane } from "./insert-lane";
import { KeptBatch, RowBatch } from "./row-batch";
import { columnMetas, createTableSql, sqlColumnsOf } from "./table-writer";

// ~8k rows or ~1 MB of text a batch, at most two batches queued per worker: memory stays flat on any file size.
const ROWS_PER_BATCH = 8192;
const MAX_QUEUED_BATCHES = 2;

/** A name for the rowid that no column of the table takes, or null when all three are taken. */
function rowidName(sqlColumns: string[]): string | null {
  const taken = new Set(sqlColumns.map((c) => c.toLowerCase()));
  return ["rowid", "_rowid_", "oid"].find((n) => !taken.has(n)) ?? null;
}

/**
 * Writes a new table of a fresh rows file from worker threads (insert-worker.mjs), each on its own
 * connection, with bound multi-row INSERTs, while this thread parses the next rows. Binding values
 * is most of the cost, so a large file is written by two workers taking turns by batch: the second
 * into a side file, every row under its own rowid, and the first copies those rows into the gaps at
 * the end. Values are typed here by ColumnTyping, as TableWriter does, and the texts it keeps go to
 * the first worker (the main file's `_written_text` table); once the rows are committed, the
 * typing's fixes are applied on `db`, this thread's connection to the same file (its transaction
 * is committed while the workers write and begun again after).
 */
export class WorkerTableWriter {
  readonly sqlColumns: string[];
  readonly typing: ColumnTyping;
  private readonly resumeTransaction: boolean;
  private readonly lanes: InsertLane[];
  private readonly part: string | null;
  private readonly rowid: string | null;
  private readonly batch: RowBatch;
  private readonly kept = new KeptBatch();
  private batches = 0;
  private rowCount = 0;

  constructor(
    private readonly db: SqliteDb,
    file: string,
    readonly sqlTable: string,
    readonly headers: string[],
    twoWorkers = false,
  ) {
    // The workers write on their own connections; this one must hold no write lock meanwhile.
    this.resumeTransaction = db.inTransaction;
    if (this.resumeTransaction) db.exec("COMMIT");
    this.sqlColumns = sqlColumnsOf(headers);
    this.typing = new ColumnTyping(headers.length);
    this.batch = new RowBatch(headers.length, ROWS_PER_BATCH);
    this.rowid = rowidName(this.sqlColumns);
    const two = twoWorkers && this.rowid !== null;
    this.part = two ? `${file}.part-${sqlTable.replace(/\W/g, "_")}` : null;
    this.lanes = (two ? [file, this.part as string] : [file]).map((target) => {
      const lane = new InsertLane();
      const columns = two ? `(${[this.rowid as string, ...this.sqlColumns].map(quoteIdent).join(", ")})` : "";
      lane.post({
        type: "open",
        file: target,
        insertInto: `INSERT INTO ${quoteIdent(sqlTable)}${columns} VALUES `,
        rowids: two,
      });
      lane.post({ type: "exec", sql: createTableSql(sqlTable, this.sqlColumns) });
      return lane;
    });
    this.lanes[0].post({ type: "exec", sql: CREATE_WRITTEN_TABLE });
  }

  /** Appends a row of already-converted values; its length must equal the header's. */
  push(values: StoredValue[]): void {
    const { typing } = this;
    typing.accept(values);
    this.batch.add(values, typing.wholeReal);
    this.rowCount++;
    for (let k = 0; k < typing.keptCount; k++) this.kept.add(typing.keptColumns[k], this.rowCount, typing.keptTexts[k]);
    if (this.batch.full) this.post();
    if (this.kept.full) this.postKept();
  }

  get rows(): number {
    return this.rowCount;
  }

  private post(): void {
    if (this.batch.count === 0) return;
    const firstRow = this.rowCount - this.batch.count + 1;
    const { rows, transfer } = this.batch.pack();
    this.lanes[this.batches++ % this.lanes.length].post({ type: "rows", firstRow, ...rows }, transfer);
  }

  /** Kept texts always go to the first worker: it writes the main file, where `_written_text` lives. */
  private postKept(): void {
    if (this.kept.count === 0) return;
    const { kept, transfer } = this.kept.pack();
    this.lanes[0].post({ type: "kept", table: this.sqlTable, names: this.sqlColumns, ...kept }, transfer);
  }

  /** Resolves once at most MAX_QUEUED_BATCHES are waiting for each worker; rejects if one failed. */
  async ready(): Promise<void> {
    for (const lane of this.lanes) await lane.settle(MAX_QUEUED_BATCHES);
  }

  /** Writes the rest, commits, applies the typing's fixes and returns the column metadata. */
  async finish(): Promise<ColumnMeta[]> {
    this.post();
    this.postKept();
    const [main, side] = this.lanes;
    try {
      if (side) {
        side.post({ type: "commit" });
        side.post({ type: "close" });
        await side.settle(0);
      }
      main.post({ type: "commit" });
      if (side) {
        const columns = [this.rowid as string, ...this.sqlColumns].map(quoteIdent).join(", ");
        const table = quoteIdent(this.sqlTable);
        main.post({
          type: "merge",
          part: this.part,
          sql: `INSERT INTO main.${table}(${columns}) SELECT ${columns} FROM part.${table}`,
        });
      }
      main.post({ type: "close" });
      await main.settle(0);
    } finally {
      await this.stop();
    }
    if (this.resumeTransaction) this.db.exec("BEGIN");
    const typed = this.typing.resolve();
    await applyWrittenFixes(this.db, this.sqlTable, this.sqlColumns, typed.fixes);
    return columnMetas(this.headers, this.sqlColumns, typed, this.typing, keptCounts(this.db, this.sqlTable));
  }

  /** Drops the workers' connections without committing (the import failed). */
  async abort(): Promise<void> {
    for (const lane of this.lanes) if (!lane.failure) await lane.send({ type: "abort" }).catch(() => undefined);
    await this.stop();
    if (this.resumeTransaction) this.db.exec("BEGIN");
  }

  private async stop(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.stop()));
    if (this.part) rmSync(this.part, { force: true });
  }
}
