/** Shapes of the HTTP API as this UI consumes them: declared once in lib/core/model/api-types.ts. */
export type {
  ColumnFacet,
  DatasetListResponse,
  GridCell as CellValue,
  GridRow,
  ImportedTable,
  ImportProgress,
  ImportResult,
  RowsPage,
} from "@/lib/core/model/api-types";
