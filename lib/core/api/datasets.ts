import type { ColumnType, DatasetSummary } from "../model/dataset";

// The dataset list and imports: GET /api/datasets, the import report and its progress.
// Declared once (no copies): the routes build these shapes and the client reads them.

export type DatasetListResponse = { datasets: DatasetSummary[] };

/** A table the import wrote; a view is marked as one in the import report. */
type ImportedTable = {
  name: string;
  rowCount: number;
  /** `flag`: the column's typing needs a look (ColumnMeta.typing). */
  columns: { name: string; type: ColumnType; flag?: "mixed" | "ambiguous-grouping" }[];
  isView?: boolean;
};

export type ImportResult = { id: string; name: string; tables: ImportedTable[]; notes: string[] };

/** GET /api/imports/:uploadId while an import runs. */
export type ImportProgress = {
  state: "running" | "done" | "failed";
  stage: string;
  file?: string;
  rowsDone: number;
  bytesDone?: number;
  bytesTotal?: number;
  error?: { code: string; message: string };
};
