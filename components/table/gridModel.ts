import {
  columnResizingFeature,
  columnSizingFeature,
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
} from "@tanstack/react-table";
import type { ColumnMeta, TableMeta } from "@/lib/core/model/dataset";
import type { GridRow } from "@/components/api/types";

export interface GridColumnMeta {
  column: ColumnMeta;
  /** Index into a row's `values`, which follow TableMeta column order. */
  index: number;
  /** A binary column: where one row's cell downloads (its grid value is the size in bytes). */
  downloadUrl?: (rowId: number) => string;
}

export const gridFeatures = tableFeatures({
  rowSortingFeature,
  columnSizingFeature,
  columnResizingFeature,
  columnMeta: {} as GridColumnMeta,
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
  const forName = column.name.length * 7.5 + 44;
  return Math.round(Math.min(320, Math.max(baseWidth[column.type], forName)));
}

export function rowNumberWidth(rowCount: number): number {
  return Math.max(52, String(rowCount).length * 8 + 28);
}

/** The download route of a binary cell. */
export const binaryCellUrl = (datasetId: string, table: string, column: string, rowId: number) =>
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
        size: initialWidth(column),
        minSize: 56,
        maxSize: 1200,
        meta: {
          column,
          index,
          ...(column.type === "binary"
            ? { downloadUrl: (rowId: number) => binaryCellUrl(datasetId, table.name, column.sqlName, rowId) }
            : {}),
        },
      }),
    ),
  ]);
}

/** A stored value as views outside the grid show it: a binary column's size reads "binary, N bytes". */
export function shownValue<V>(column: Pick<ColumnMeta, "type"> | undefined, value: V): V | string {
  return column?.type === "binary" && typeof value === "number" ? `binary, ${value.toLocaleString()} bytes` : value;
}

export function isNumeric(column: ColumnMeta | undefined): boolean {
  return column?.type === "integer" || column?.type === "real";
}
