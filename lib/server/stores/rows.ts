import "server-only";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { DatasetStorage } from "@/db/schema";
import { HttpError } from "@/lib/server/http/errors";
import { datasetFiles, runCheckedSql, SqlTimeoutError, type SqlParam } from "@/lib/server/sql";
import type { RowsPage } from "@/lib/core/api/grid";
import { postgresPageQuery, rememberPageEnd } from "./postgres-grid";
import type { GridFilter } from "@/lib/core/model/grid-filter";
import { withKeptText } from "@/lib/server/written/store";
import { gridSelectList } from "./grid-select";
import { gridWhere } from "./grid-where";

export type RowPage = RowsPage;
export type RowPageRequest = {
  offset: number;
  limit: number;
  sort?: string;
  dir?: "asc" | "desc";
  filters?: GridFilter[];
  /** Count the rows the filters keep (the grid's total); an export reads pages without counting. */
  count?: boolean;
};

/** Most rows a filtered grid counts; past it the total says "at least" (like a view's count). */
const MAX_FILTERED_COUNT = 1_000_000;

/** Qualified SQL name of a table ("src1"."orders"). */
export function qualifiedTable(table: TableMeta): string {
  return `${quoteIdent(table.schemaName)}.${quoteIdent(table.sqlName)}`;
}

function blobSafe(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "string") return value;
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  return String(value);
}

/** Hard limit of one grid read (GRID_QUERY_MS, default 5000): a sort over a view that never ends stops there. */
export function gridQueryMs(): number {
  const value = Number(process.env.GRID_QUERY_MS);
  return Number.isFinite(value) && value > 0 ? value : 5000;
}

/**
 * Runs a grid read in an SQL worker of the grid's own kind (slow reads wait behind each other,
 * never in front of a question's SQL), never on the event loop; a read past its limit becomes a
 * clear 504.
 */
export async function gridRead(
  datasetId: string,
  storage: DatasetStorage,
  table: TableMeta,
  sql: string,
  params: SqlParam[],
  maxRows: number,
): Promise<unknown[][]> {
  const timeoutMs = gridQueryMs();
  try {
    const files = datasetFiles(datasetId, storage);
    return (await runCheckedSql(files, sql, { internal: true, params, maxRows, timeoutMs, pool: "grid" })).rows;
  } catch (err) {
    if (err instanceof SqlTimeoutError) {
      throw new HttpError(
        "read_timeout",
        `Reading "${table.name}" took longer than ${timeoutMs} ms (GRID_QUERY_MS) ` +
          `and was stopped${table.isView ? "; it is a view, which may be slow or never end — try it unsorted" : ""}.`,
        504,
      );
    }
    throw err;
  }
}

/**
 * Reads one page of a table, optionally sorted by a column (sqlName); unknown sort columns are
 * refused. The total is the count recorded at import (a lower bound when `totalCut`).
 */
export async function readRowPage(
  datasetId: string,
  storage: DatasetStorage,
  table: TableMeta,
  req: RowPageRequest,
): Promise<RowPage> {
  const sortColumn = req.sort ? table.columns.find((c) => c.sqlName === req.sort) : undefined;
  if (req.sort && !sortColumn) throw new RangeError(`Table "${table.name}" has no column "${req.sort}".`);
  const filters = req.filters ?? [];
  if (storage.postgres) {
    if (filters.length)
      throw new HttpError(
        "filters_unsupported",
        "Filters work on uploaded and SQLite datasets; a connected PostgreSQL table is not filtered yet.",
        400,
      );
    return readPostgresPage(datasetId, storage, table, req);
  }
  const where = gridWhere(table, filters);
  const cols = gridSelectList(table, "sqlite");
  const order = sortColumn
    ? ` ORDER BY ${quoteIdent(sortColumn.sqlName)} ${req.dir === "desc" ? "DESC" : "ASC"} NULLS LAST`
    : "";
  const from = qualifiedTable(table);
  // Numbers show as the file wrote them (lib/server/written): a kept text needs the row's rowid.
  const kept = withKeptText(table, `${from}.rowid`);
  const page = (withRowId: boolean) =>
    gridRead(
      datasetId,
      storage,
      table,
      // Ties of a sort go in rowid order, so consecutive pages (the grid's, an export's) neither repeat nor skip a row.
      `SELECT ${withRowId ? "rowid, " : ""}${cols}${withRowId ? kept.extra : ""} FROM ${from}${where.sql}${order}${
        withRowId ? (order ? ", rowid" : " ORDER BY rowid") : ""
      } LIMIT ? OFFSET ?`,
      [...where.params, req.limit, req.offset],
      req.limit,
    );
  let rows: unknown[][];
  let withRowId = !table.isView;
  try {
    rows = await page(withRowId);
  } catch (err) {
    if (!withRowId || err instanceof HttpError) throw err;
    withRowId = false; // WITHOUT ROWID tables have no rowid
    rows = await page(false);
  }
  const counted =
    filters.length && req.count !== false
      ? await filteredCount(datasetId, storage, table, where.sql, where.params)
      : null;
  return {
    total: counted?.total ?? table.rowCount,
    totalCut: counted ? counted.cut : (table.rowCountCut ?? false),
    offset: req.offset,
    rows: rows.map((r) => ({
      rowId: withRowId ? Number(r[0]) : null,
      values: kept.shown(r, withRowId ? 1 : 0).map(blobSafe),
    })),
  };
}

/** How many rows pass a grid's filters, counted up to MAX_FILTERED_COUNT within the grid's time limit. */
async function filteredCount(
  datasetId: string,
  storage: DatasetStorage,
  table: TableMeta,
  where: string,
  params: SqlParam[],
): Promise<{ total: number; cut: boolean }> {
  const sql = `SELECT COUNT(*) FROM (SELECT 1 FROM ${qualifiedTable(table)}${where} LIMIT ?)`;
  const rows = await gridRead(datasetId, storage, table, sql, [...params, MAX_FILTERED_COUNT + 1], 1);
  const n = Number(rows[0]?.[0] ?? 0);
  return { total: Math.min(n, MAX_FILTERED_COUNT), cut: n > MAX_FILTERED_COUNT };
}

/** A page of a connected PostgreSQL table: keyset paging where a key exists (see postgres-grid.ts). */
async function readPostgresPage(
  datasetId: string,
  storage: DatasetStorage,
  table: TableMeta,
  req: RowPageRequest,
): Promise<RowPage> {
  const cacheKey = `${datasetId}\u0000${table.name}`;
  const query = postgresPageQuery(cacheKey, table, qualifiedTable(table), req);
  const rows = await gridRead(datasetId, storage, table, query.sql, query.params, req.limit);
  const withRowId = !table.isView;
  const page = rows.map((r) => ({
    rowId: withRowId ? Number(r[0]) : null,
    values: r.slice(withRowId ? 1 : 0).map(blobSafe),
  }));
  if (query.keyIndex !== null) rememberPageEnd(cacheKey, req.offset, page, query.keyIndex);
  return { total: table.rowCount, totalCut: table.rowCountCut ?? false, offset: req.offset, rows: page };
}

/** Most row ids one request may ask for (the UI asks in chunks). */
export const MAX_ROW_IDS = 1000;

/**
 * Reads the rows with the given rowids (the ids trace events carry), in rowid order; ids that do
 * not exist are skipped. Views have no rowid and are refused by the caller.
 */
export async function readRowsById(
  datasetId: string,
  storage: DatasetStorage,
  table: TableMeta,
  rowIds: readonly number[],
): Promise<RowPage> {
  const cols = gridSelectList(table, storage.postgres ? "postgres" : "sqlite");
  const from = qualifiedTable(table);
  const kept = withKeptText(table, `${from}.rowid`);
  // One JSON parameter instead of one per id: no bound-parameter limit, no SQL built from input.
  const sql =
    `SELECT rowid, ${cols}${kept.extra} FROM ${from} WHERE rowid IN (SELECT value FROM ` +
    `json_each(?)) ORDER BY rowid`;
  const rows = await gridRead(datasetId, storage, table, sql, [JSON.stringify(rowIds)], MAX_ROW_IDS);
  return {
    total: table.rowCount,
    offset: 0,
    rows: rows.map((r) => ({ rowId: Number(r[0]), values: kept.shown(r, 1).map(blobSafe) })),
  };
}
