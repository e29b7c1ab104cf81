import "server-only";
import path from "node:path";
import { cellEntries, type CellValueInput } from "@/lib/core/index";
import type { TableMeta } from "@/lib/core/model/dataset";
import { CellStoreWriter } from "./cell-store";
import type { ColumnResult } from "./column-accumulator";
import { CELLS_FILE, vectorFileName } from "./paths";
import { budgetSpent, errorText, fmt, type IndexRunContext } from "./run-context";
import { isCancel } from "./scan-table";
import { topValuesFromSql } from "./top-values";
import { HnswBuilder } from "./hnsw-builder";

const STAGE = "cell index";

type Job = { table: TableMeta; result: ColumnResult };

/** Values a column will contribute, for the progress bar: exact for collected columns, capped estimate for the rest. */
function expectedValues(job: Job, cap: number): number {
  const c = job.result.cells!;
  return c.overflowed ? Math.min(cap, job.result.profile.distinctCount) : c.size;
}

function sortedByValue(values: Iterable<CellValueInput>): CellValueInput[] {
  return [...values].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

async function* batches(values: Iterable<CellValueInput>, size: number): AsyncIterable<CellValueInput[]> {
  let batch: CellValueInput[] = [];
  for (const v of values) {
    batch.push(v);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** Embeds one column's unique values into its own HNSW index and the catalog; returns the next free key. */
async function indexColumn(
  ctx: IndexRunContext,
  store: CellStoreWriter,
  hnsw: HnswBuilder,
  job: Job,
  firstKey: number,
): Promise<number> {
  const { table, result } = job;
  const cells = result.cells!;
  const where = `${table.name}.${result.column.name}`;
  // Sorted: inserting neighbours one after another built the HNSW graph of the benchmark column with
  // 28 instead of 39 CPU-seconds (first-seen order), at the same recall.
  const values = cells.overflowed
    ? await topValuesFromSql(
        ctx.source,
        table,
        result.column.sqlName,
        ctx.caps.cellValuesPerColumn,
        ctx.caps.cellValueChars,
        ctx.caps.viewRows,
      )
    : sortedByValue(cells.entries());
  if (cells.overflowed) {
    const why =
      cells.overflowReason === "cap"
        ? `more than ${fmt(ctx.caps.cellValuesPerColumn)} distinct values`
        : "too many distinct values to collect alongside the table's other columns";
    ctx.progress.note(
      STAGE,
      `${where}: ${why} (about ${fmt(result.profile.distinctCount)}); ` +
        `the ${fmt(ctx.caps.cellValuesPerColumn)} most frequent are indexed, each with the id of its first row only.`,
    );
  }
  const columnId = store.addColumn(table.name, result.column.sqlName);
  let key = firstKey;
  // At most two batches wait on the worker: the next one is embedded while the graph grows.
  const inFlight: Promise<number>[] = [];
  try {
    await hnsw.open(ctx.encoder.dim);
    for await (const batch of batches(values, ctx.caps.embedBatch)) {
      if (budgetSpent(ctx)) {
        ctx.progress.note(
          STAGE,
          `${where}: indexed ${fmt(key - firstKey)} of its values; the stage's time budget ` +
            `(${fmt(ctx.caps.stageMs / 1000)} s, INDEX_STAGE_MS) ran out.`,
        );
        break;
      }
      const entries = cellEntries({ table: table.name, column: result.column.sqlName, values: batch }, key);
      key += entries.length;
      const added = hnsw.add(
        entries.map((e) => e.key),
        await ctx.encoder.embed(entries.map((e) => e.value)),
        ctx.encoder.dim,
      );
      added.catch(() => undefined); // awaited below; this only keeps an early failure from counting as unhandled
      inFlight.push(added);
      store.addEntries(columnId, entries);
      if (inFlight.length >= 2) await inFlight.shift();
      ctx.progress.advance(STAGE, entries.length);
      await ctx.pause();
    }
    await Promise.all(inFlight.splice(0));
    const file = vectorFileName(columnId);
    const size = await hnsw.save(path.join(ctx.dir, file));
    store.finishColumn(columnId, file, size);
    return key;
  } catch (err) {
    await Promise.allSettled(inFlight);
    if (isCancel(err)) throw err;
    store.dropColumn(columnId);
    ctx.failures.push({ table: table.name, column: result.column.sqlName, stage: STAGE, error: errorText(err) });
    ctx.progress.note(STAGE, `${where} is not searchable: ${errorText(err)}`);
    return key;
  }
}

/**
 * Stage 4: FGTR's cell index. Each text column's unique values (collected during the profile scan)
 * are embedded here and added, in a worker thread, to that column's own HNSW index, saved to a
 * file; their text, row count and first row ids go to the generation's cells.sqlite. Numbers and
 * dates are not embedded: the methods match them with SQL predicates.
 */
export async function cellsStage(ctx: IndexRunContext): Promise<void> {
  const jobs: Job[] = ctx.dataset.tables.flatMap((table) =>
    (ctx.columns.get(table.name) ?? []).filter((r) => r.cells).map((result) => ({ table, result })),
  );
  ctx.progress.start(
    STAGE,
    jobs.reduce((n, j) => n + expectedValues(j, ctx.caps.cellValuesPerColumn), 0),
  );
  const store = new CellStoreWriter(path.join(ctx.dir, CELLS_FILE), {
    encoder: ctx.encoder.id,
    dim: String(ctx.encoder.dim),
  });
  const hnsw = new HnswBuilder();
  let key = 0;
  try {
    let skipped = 0;
    for (const job of jobs) {
      if (budgetSpent(ctx)) skipped++;
      else key = await indexColumn(ctx, store, hnsw, job, key);
    }
    if (skipped)
      ctx.progress.note(
        STAGE,
        `${skipped} text column${skipped === 1 ? " is" : "s are"} not searchable: ` +
          `the stage's time budget (${fmt(ctx.caps.stageMs / 1000)} s, INDEX_STAGE_MS) ran out.`,
      );
    store.finish();
  } catch (err) {
    store.abort();
    throw err;
  } finally {
    await hnsw.close();
  }
  const long = jobs.filter((j) => j.result.cells!.truncated > 0 || j.result.longValues > 0).length;
  const blobs = jobs.reduce((n, j) => n + j.result.blobs, 0);
  ctx.progress.note(
    STAGE,
    `${fmt(key)} unique values from ${jobs.length} text column${jobs.length === 1 ? "" : "s"}; ` +
      `up to ${ctx.caps.rowIdsPerValue} row ids kept per value.`,
  );
  if (long)
    ctx.progress.note(
      STAGE,
      `Values are indexed by their first ${fmt(ctx.caps.cellValueChars)} characters ` +
        `(${long} column${long === 1 ? " has" : "s have"} longer ones).`,
    );
  if (blobs) ctx.progress.note(STAGE, `${fmt(blobs)} binary values are not indexed.`);
  const bySql = ctx.dataset.tables.reduce(
    (n, t) => n + (ctx.columns.get(t.name) ?? []).filter((r) => !r.cells).length,
    0,
  );
  if (bySql)
    ctx.progress.note(
      STAGE,
      `${bySql} number, date and yes/no column${bySql === 1 ? " is" : "s are"} not embedded; ` +
        `questions match them with SQL comparisons.`,
    );
  ctx.progress.end(STAGE);
}
