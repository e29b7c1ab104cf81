import {
  columnFacetingFeature,
  columnFilteringFeature,
  columnResizingFeature,
  columnSizingFeature,
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
} from "@tanstack/react-table";
import type { ColumnMeta, TableMeta } from "@/lib/core/model/dataset";
import type { CellValue as GridCell, GridRow } from "@/components/api/types";

export interface GridColumnMeta {
  column: ColumnMeta;
  /** Index into a row's `values`, which follow TableMeta column order. */
  index: number;
  /** A binary column: where one row's cell downloads (its grid value is the size in bytes). */
  downloadUrl?: (rowId: number) => string;
  /** A one-column foreign key: the table and column (sqlName) its values name a row by. */
  references?: { table: string; column: string };
}

/**
 * What the grid's table carries beside its columns: the facets the server counted, per column id.
 * Rows live on the server, so facet counts do too; TanStack's faceting API reads them from here.
 */
export interface GridTableMeta {
  facets: ReadonlyMap<string, Map<GridCell, number>>;
}

const NO_FACET = new Map<GridCell, number>();

export const gridFeatures = tableFeatures({
  rowSortingFeature,
  columnSizingFeature,
  columnResizingFeature,
  columnFilteringFeature,
  columnFacetingFeature,
  // Server-side faceting: a column's unique values and counts are the ones the facets route returned.
  facetedUniqueValues: (table, columnId) => () =>
    (table.options.meta as GridTableMeta | undefined)?.facets.get(columnId) ?? NO_FACET,
  columnMeta: {} as GridColumnMeta,
  tableMeta: {} as GridTableMeta,
});

export const ROW_NUMBER_ID = "__row_number";
export const ROW_HEIGHT = 28;
export const PAGE_SIZE = 200;

const helper = createColumnHelper<typeof gridFeatures, GridRow>();

const baseWidth: Record<ColumnMeta["type"], number> = {
  integer: 110,
  real: 120,
  date: 130,
  boolean: 100,
  text: 180,
  binary: 240,
};

/** Wide enough for the header text and its badge, capped so one long name doesn't swallow the screen. */
function initialWidth(column: ColumnMeta): number {
  // Wide enough for the header as written (semibold, with the sort icon), up to a cap.
  const forName = column.name.length * 8.4 + 48;
  return Math.round(Math.min(420, Math.max(baseWidth[column.type], forName)));
}

function rowNumberWidth(rowCount: number): number {
  return Math.max(52, String(rowCount).length * 8 + 28);
}

/** The download route of a binary cell. */
const binaryCellUrl = (datasetId: string, table: string, column: string, rowId: number) =>
  `/api/datasets/${encodeURIComponent(datasetId)}/tables/${encodeURIComponent(table)}/rows/${rowId}/cells/` +
  encodeURIComponent(column);

export function buildColumns(table: TableMeta, datasetId: string) {
  return helper.columns([
    helper.display({
      id: ROW_NUMBER_ID,
      header: "#",
      size: rowNumberWidth(table.rowCount),
      enableSorting: false,
      enableResizing: false,
    }),
    ...table.columns.map((column, index) =>
      helper.accessor((row) => row.values[index], {
        id: column.sqlName,
        header: column.name,
        enableColumnFilter: column.type !== "binary",
        size: initialWidth(column),
        minSize: 56,
        maxSize: 1200,
        meta: {
          column,
          index,
          ...(column.type === "binary"
            ? { downloadUrl: (rowId: number) => binaryCellUrl(datasetId, table.name, column.sqlName, rowId) }
            : {}),
          ...referenceOf(table, column.sqlName),
        },
      }),
    ),
  ]);
}

/** The row a one-column foreign key's value names: its table and key column. */
function referenceOf(table: TableMeta, sqlName: string): Pick<GridColumnMeta, "references"> {
  const fk = table.foreignKeys.find((k) => k.columns.length === 1 && k.columns[0] === sqlName);
  return fk && fk.refColumns.length === 1 ? { references: { table: fk.refTable, column: fk.refColumns[0] } } : {};
}

/** A stored value as views outside the grid show it: a binary column's size reads "binary, N bytes". */
export function shownValue<V>(column: Pick<ColumnMeta, "type"> | undefined, value: V): V | string {
  return column?.type === "binary" && typeof value === "number" ? `binary, ${value.toLocaleString()} bytes` : value;
}

export function isNumeric(column: ColumnMeta | undefined): boolean {
  return column?.type === "integer" || column?.type === "real";
}
