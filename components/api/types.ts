import type { ColumnType, DatasetSummary } from "@/lib/core/model/dataset";

/** Shapes of the HTTP API as this UI consumes them (the server owns the contract). */

export interface DatasetListResponse {
  datasets: DatasetSummary[];
}

export interface ImportedTable {
  name: string;
  rowCount: number;
  columns: { name: string; type: ColumnType }[];
}

export interface ImportResult {
  id: string;
  name: string;
  tables: ImportedTable[];
  notes: string[];
}

export interface ImportProgress {
  state: "running" | "done" | "failed";
  stage: string;
  file?: string;
  rowsDone: number;
  bytesDone?: number;
  bytesTotal?: number;
  error?: { code: string; message: string };
}

export type CellValue = string | number | null;

export interface GridRow {
  rowId: number | null;
  values: CellValue[];
}

export interface RowsPage {
  total: number;
  offset: number;
  rows: GridRow[];
}
