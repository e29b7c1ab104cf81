/** Shapes of the HTTP API as this UI consumes them: declared once in lib/core/api/ (one file per feature). */
export type { ColumnFacet, GridCell as CellValue, GridRow, RowsPage } from "@/lib/core/api/grid";
export type { DatasetListResponse, ImportProgress, ImportResult } from "@/lib/core/api/datasets";
