import "server-only";
import type { DatasetStorage } from "@/db/schema";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { GridFilter } from "@/lib/core/model/grid-filter";
import { MAX_EXPORT_ROWS } from "@/lib/core/model/limits";
import { HttpError } from "@/lib/server/http/errors";
import { withKeptText } from "@/lib/server/written/store";
import type { SqlParam } from "@/lib/server/sql";
import { gridSelectList } from "./grid-select";
import { gridWhere } from "./grid-where";
import { gridRead, qualifiedTable, readRowPage } from "./rows";

/** Rows one export read fetches: small enough for the grid's time limit, large enough to be few. */
export const EXPORT_PAGE_ROWS = 5_000;

export interface ExportRequest {
  sort?: string;
  dir?: "asc" | "desc";
  filters: GridFilter[];
  /** Most rows written (MAX_EXPORT_ROWS; smaller in tests). */
  maxRows?: number;
  pageRows?: number;
}

export type ExportCell = string | number | null;

/**
 * A table's rows (or those its grid's filters keep, in its sort) as the file wrote them, page by
 * page, each page read in an SQL process (gridRead) under the grid's time limit, at most
 * MAX_EXPORT_ROWS in all. An unsorted stored table is paged by rowid (each page a seek); a sorted
 * one, a view or a connected PostgreSQL table by offset in the same order the grid shows.
 */
export async function* exportPages(
  datasetId: string,
  storage: DatasetStorage,
  table: TableMeta,
  req: ExportRequest,
): AsyncGenerator<ExportCell[][]> {
  const maxRows = req.maxRows ?? MAX_EXPORT_ROWS;
  const pageRows = req.pageRows ?? EXPORT_PAGE_ROWS;
  if (req.sort && !table.columns.some((c) => c.sqlName === req.sort))
    throw new HttpError("unknown_column", `Table "${table.name}" has no column "${req.sort}" to sort by.`, 400);
  let byRowId = !storage.postgres && !table.isView && !req.sort;
  let written = 0;
  let after = Number.NEGATIVE_INFINITY;
  while (written < maxRows) {
    const limit = Math.min(pageRows, maxRows - written);
    let page = byRowId ? await rowidPage(datasetId, storage, table, req.filters, after, limit) : null;
    if (!page) {
      byRowId = false; // a WITHOUT ROWID table pages by offset (known at its first page)
      page = await offsetPage(datasetId, storage, table, req, written, limit);
    }
    if (page.rows.length) yield page.rows.map((row) => row.map((v, i) => cellOf(table, i, v)));
    written += page.rows.length;
    after = page.last;
    if (page.rows.length < limit) return;
  }
}

type Page = { rows: unknown[][]; last: number };

async function rowidPage(
  datasetId: string,
  storage: DatasetStorage,
  table: TableMeta,
  filters: readonly GridFilter[],
  after: number,
  limit: number,
): Promise<Page | null> {
  const where = gridWhere(table, filters);
  const from = qualifiedTable(table);
  const kept = withKeptText(table, `${from}.rowid`);
  const seek = Number.isFinite(after) ? `${where.sql ? `${where.sql} AND` : " WHERE"} rowid > ?` : where.sql;
  const params: SqlParam[] = [...where.params, ...(Number.isFinite(after) ? [after] : []), limit];
  const cols = gridSelectList(table, "sqlite");
  const sql = `SELECT rowid, ${cols}${kept.extra} FROM ${from}${seek} ORDER BY rowid LIMIT ?`;
  let rows: unknown[][];
  try {
    rows = await gridRead(datasetId, storage, table, sql, params, limit);
  } catch (err) {
    if (err instanceof HttpError || Number.isFinite(after)) throw err;
    return null; // no rowid (WITHOUT ROWID): the caller pages by offset
  }
  return {
    rows: rows.map((r) => kept.shown(r, 1)),
    last: rows.length ? Number(rows[rows.length - 1][0]) : after,
  };
}

async function offsetPage(
  datasetId: string,
  storage: DatasetStorage,
  table: TableMeta,
  req: ExportRequest,
  offset: number,
  limit: number,
): Promise<Page> {
  const page = await readRowPage(datasetId, storage, table, { ...req, offset, limit, count: false });
  return { rows: page.rows.map((r) => r.values), last: offset + page.rows.length };
}

/** A cell as the grid shows it: a binary column's cell (read as its size) as "<n bytes>". */
function cellOf(table: TableMeta, column: number, value: unknown): ExportCell {
  if (value === null || value === undefined) return null;
  if (table.columns[column]?.type === "binary") return `<${value} bytes>`;
  if (typeof value === "number" || typeof value === "string") return value;
  return String(value);
}
