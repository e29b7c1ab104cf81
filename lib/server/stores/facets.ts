import "server-only";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import type { ColumnFacet } from "@/lib/core/api/grid";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { GridFilter } from "@/lib/core/model/grid-filter";
import type { DatasetStorage } from "@/db/schema";
import { HttpError } from "@/lib/server/http/errors";
import { gridWhere } from "./grid-where";
import { shownValue } from "@/lib/server/written/store";
import { gridRead, qualifiedTable } from "./rows";

/** Most values one facet lists (Datasette shows 30 too); `more` says when a column has others. */
const FACET_VALUES = 30;

/**
 * A column's facet: its values with their counts among the rows the other columns' filters keep
 * (its own filter is left out, so the facet shows what choosing another value would give). Read in
 * an SQL worker within the grid's time limit, like every grid read.
 */
export async function readFacet(
  datasetId: string,
  storage: DatasetStorage,
  table: TableMeta,
  columnName: string,
  filters: readonly GridFilter[],
): Promise<ColumnFacet> {
  const column = table.columns.find((c) => c.sqlName === columnName);
  if (!column) throw new HttpError("unknown_column", `Table "${table.name}" has no column "${columnName}".`, 400);
  if (column.type === "binary")
    throw new HttpError("bad_filter", `"${column.name}" holds binary data; it has no facet of values.`, 400);
  if (storage.postgres)
    throw new HttpError(
      "filters_unsupported",
      "Facets work on uploaded and SQLite datasets; a connected PostgreSQL table has none yet.",
      400,
    );
  const where = gridWhere(
    table,
    filters.filter((f) => f.column !== columnName),
  );
  const q = quoteIdent(column.sqlName);
  const sql =
    `SELECT ${q}, COUNT(*) AS n FROM ${qualifiedTable(table)}${where.sql} ` +
    `GROUP BY ${q} ORDER BY n DESC, ${q} LIMIT ?`;
  const rows = await gridRead(datasetId, storage, table, sql, [...where.params, FACET_VALUES + 1], FACET_VALUES + 1);
  // A number shows in its column's written form ("9970610.0"); cells whose text differs are counted with their number.
  const values = rows.slice(0, FACET_VALUES).map((r) => ({
    value: shownValue(
      column,
      typeof r[0] === "number" || typeof r[0] === "string" ? r[0] : r[0] == null ? null : String(r[0]),
      null,
    ),
    count: Number(r[1]),
  }));
  return { column: column.sqlName, values, more: rows.length > FACET_VALUES };
}
