import "server-only";
import { DEFAULT_DISTINCT_CAP, columnKey } from "@/lib/core/index";
import type { ColumnMeta, TableMeta } from "@/lib/core/model/dataset";
import { SqlTimeoutError } from "@/lib/server/sql";
import { ColumnAccumulator, type ColumnResult } from "./column-accumulator";
import { ScanBudget } from "./cell-values";
import { writeProfiles } from "./index-store";
import { budgetSpent, errorText, fmt, type IndexRunContext } from "./run-context";
import { isCancel, scanTable, type ScanEnd, type ScanRow } from "./scan-table";

const STAGE = "profiles";

type TableScan = { results: ColumnResult[]; failed: Array<{ column: ColumnMeta; error: string }>; end?: ScanEnd };

/** Streams columns of a table through accumulators; a column whose accumulator throws is dropped and reported. */
async function scanColumns(ctx: IndexRunContext, table: TableMeta, columns: ColumnMeta[]): Promise<TableScan> {
  let budget = new ScanBudget(ctx.caps.scanValueBudget);
  let accs = columns.map((c) => new ColumnAccumulator(c, ctx.caps, budget));
  let dead: (string | null)[] = columns.map(() => null);
  let rows = 0;
  const onChunk = (chunk: ScanRow[]) => {
    accs.forEach((acc, i) => {
      if (dead[i]) return;
      try {
        for (const row of chunk) acc.add(row[i + 1], row[0] as number | null);
      } catch (err) {
        dead[i] = errorText(err);
      }
    });
    rows += chunk.length;
    ctx.progress.advance(STAGE, chunk.length);
  };
  const restart = () => {
    budget = new ScanBudget(ctx.caps.scanValueBudget);
    accs = columns.map((c) => new ColumnAccumulator(c, ctx.caps, budget));
    dead = columns.map(() => null);
    rows = 0;
  };
  const opts = {
    chunkRows: ctx.caps.scanChunkRows,
    valueChars: ctx.caps.profileValueChars,
    pause: ctx.pause,
    deadline: ctx.stageDeadline,
    maxRows: table.isView
      ? ctx.caps.viewRows
      : table.source === "postgres"
        ? ctx.caps.pgSampleRows
        : Number.MAX_SAFE_INTEGER,
  };
  const end = await scanTable(
    ctx.source,
    table,
    columns.map((c) => c.sqlName),
    opts,
    onChunk,
    restart,
  );
  const failed = columns.flatMap((column, i) => (dead[i] ? [{ column, error: dead[i]! }] : []));
  return { results: accs.filter((_, i) => !dead[i]).map((a) => a.finish(rows)), failed, end };
}

/**
 * One scan for the whole table; when SQLite refuses it, each column alone, so one bad column cannot sink the others.
 */
async function profileTable(ctx: IndexRunContext, table: TableMeta): Promise<TableScan> {
  try {
    return await scanColumns(ctx, table, table.columns);
  } catch (err) {
    if (isCancel(err)) throw err;
    // A read past its time limit would be as slow again column by column (a view that never yields).
    if (err instanceof SqlTimeoutError)
      return { results: [], failed: table.columns.map((column) => ({ column, error: errorText(err) })) };
    const out: TableScan = { results: [], failed: [] };
    for (const column of table.columns) {
      try {
        const one = await scanColumns(ctx, table, [column]);
        out.results.push(...one.results);
        out.failed.push(...one.failed);
        out.end ??= one.end;
      } catch (e) {
        if (isCancel(e)) throw e;
        out.failed.push({ column, error: errorText(e) });
      }
    }
    return out;
  }
}

function noteCaps(ctx: IndexRunContext, table: TableMeta, r: ColumnResult): void {
  const where = `${table.name}.${r.column.name}`;
  if (r.profile.distinctEstimated)
    ctx.progress.note(
      STAGE,
      `${where}: more than ${fmt(DEFAULT_DISTINCT_CAP)} distinct values, ` +
        `so its distinct count is a HyperLogLog estimate (~${fmt(r.profile.distinctCount)}) ` +
        `and its top values are approximate.`,
    );
  if (r.longValues)
    ctx.progress.note(
      STAGE,
      `${where}: ${fmt(r.longValues)} values of ${fmt(ctx.caps.profileValueChars)}+ characters were profiled by ` +
        `their first ${fmt(ctx.caps.profileValueChars)}.`,
    );
  if (r.blobs) ctx.progress.note(STAGE, `${where}: ${fmt(r.blobs)} binary values, counted by size only.`);
}

/** Says in the stage's notes when a table was profiled on part of its rows, and why. */
function noteCut(ctx: IndexRunContext, table: TableMeta, end: ScanEnd | undefined): void {
  if (!end?.stoppedBy) return;
  if (end.stoppedBy === "rows" && !table.isView) {
    ctx.progress.note(
      STAGE,
      `${table.name}: profiled and indexed on a sample of ${fmt(end.rows)} of its ` +
        `${fmt(table.rowCount)} rows (INDEX_PG_SAMPLE_ROWS).`,
    );
  } else if (end.stoppedBy === "rows") {
    ctx.progress.note(
      STAGE,
      `${table.name} is a view: profiled and indexed on a sample of its first ${fmt(end.rows)} rows (INDEX_VIEW_ROWS).`,
    );
  } else {
    ctx.progress.note(
      STAGE,
      `${table.name}: profiled on its first ${fmt(end.rows)} rows; the stage's time budget ` +
        `(${fmt(ctx.caps.stageMs / 1000)} s, INDEX_STAGE_MS) ran out.`,
    );
  }
}

/** Stage 1: a profile (and a join sketch, and the cell values) of every column, one streaming pass per table. */
export async function profilesStage(ctx: IndexRunContext): Promise<void> {
  const tables = ctx.dataset.tables;
  ctx.progress.start(
    STAGE,
    tables.reduce(
      (n, t) =>
        n +
        Math.min(t.rowCount, t.isView ? ctx.caps.viewRows : t.source === "postgres" ? ctx.caps.pgSampleRows : Infinity),
      0,
    ),
  );
  const rows = [];
  const skipped: string[] = [];
  for (const table of tables) {
    if (budgetSpent(ctx)) {
      skipped.push(table.name);
      continue;
    }
    const scan = await profileTable(ctx, table);
    noteCut(ctx, table, scan.end);
    ctx.columns.set(table.name, scan.results);
    for (const f of scan.failed) {
      ctx.failures.push({ table: table.name, column: f.column.sqlName, stage: STAGE, error: f.error });
      ctx.progress.note(
        STAGE,
        `${table.name}.${f.column.name} could not be read and is left out of the index: ${f.error}`,
      );
    }
    for (const r of scan.results) {
      ctx.profiles.set(columnKey(table.name, r.column.sqlName), r.profile);
      rows.push({ table: table.name, column: r.column.sqlName, profile: r.profile });
      noteCaps(ctx, table, r);
    }
  }
  if (skipped.length) {
    const names =
      skipped.length > 5 ? `${skipped.slice(0, 5).join(", ")} and ${fmt(skipped.length - 5)} more` : skipped.join(", ");
    ctx.progress.note(
      STAGE,
      `Not profiled or indexed, as the stage's time budget (${fmt(ctx.caps.stageMs / 1000)} s, INDEX_STAGE_MS) ` +
        `ran out: ${names}.`,
    );
  }
  await writeProfiles(ctx.datasetId, ctx.generation, rows);
  ctx.progress.end(STAGE);
}
