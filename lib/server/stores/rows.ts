import "server-only";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { DatasetStorage } from "@/db/schema";
import { withDataset } from "./dataset-connection";
import type { RowsPage } from "@/lib/core/model/api-types";

export type RowPage = RowsPage;
export type RowPageRequest = { offset: number; limit: number; sort?: string; dir?: "asc" | "desc" };

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

/** Reads one page of a table, optionally sorted by a column (sqlName); unknown sort columns are refused. */
export function readRowPage(datasetId: string, storage: DatasetStorage, table: TableMeta, req: RowPageRequest): RowPage {
  const sortColumn = req.sort ? table.columns.find((c) => c.sqlName === req.sort) : undefined;
  if (req.sort && !sortColumn) throw new RangeError(`Table "${table.name}" has no column "${req.sort}".`);
  const cols = table.columns.map((c) => quoteIdent(c.sqlName)).join(", ");
  const order = sortColumn ? ` ORDER BY ${quoteIdent(sortColumn.sqlName)} ${req.dir === "desc" ? "DESC" : "ASC"} NULLS LAST` : "";
  return withDataset(datasetId, storage, (db) => {
    const from = qualifiedTable(table);
    // Imported tables never change, so their recorded count is exact; views are counted live.
    const total = table.isView ? Number((db.prepare(`SELECT count(*) FROM ${from}`).raw(true).get() as unknown[])[0]) : table.rowCount;
    const page = (withRowId: boolean) =>
      db
        .prepare(`SELECT ${withRowId ? "rowid, " : ""}${cols} FROM ${from}${order}${withRowId && !order ? " ORDER BY rowid" : ""} LIMIT ? OFFSET ?`)
        .raw(true)
        .all(req.limit, req.offset) as unknown[][];
    let rows: unknown[][];
    let withRowId = !table.isView;
    try {
      rows = page(withRowId);
    } catch {
      withRowId = false; // views and WITHOUT ROWID tables have no rowid
      rows = page(false);
    }
    return {
      total,
      offset: req.offset,
      rows: rows.map((r) => ({ rowId: withRowId ? Number(r[0]) : null, values: r.slice(withRowId ? 1 : 0).map(blobSafe) })),
    };
  });
}

/** Most row ids one request may ask for (the UI asks in chunks). */
export const MAX_ROW_IDS = 1000;

/**
 * Reads the rows with the given rowids (the ids trace events carry), in rowid order; ids that do
 * not exist are skipped. Views have no rowid and are refused by the caller.
 */
export function readRowsById(datasetId: string, storage: DatasetStorage, table: TableMeta, rowIds: readonly number[]): RowPage {
  const cols = table.columns.map((c) => quoteIdent(c.sqlName)).join(", ");
  return withDataset(datasetId, storage, (db) => {
    // One JSON parameter instead of one per id: no bound-parameter limit, no SQL built from input.
    const rows = db
      .prepare(`SELECT rowid, ${cols} FROM ${qualifiedTable(table)} WHERE rowid IN (SELECT value FROM json_each(?)) ORDER BY rowid`)
      .raw(true)
      .all(JSON.stringify(rowIds)) as unknown[][];
    return { total: table.rowCount, offset: 0, rows: rows.map((r) => ({ rowId: Number(r[0]), values: r.slice(1).map(blobSafe) })) };
  });
}
