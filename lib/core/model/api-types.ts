import type { ColumnType, DatasetSummary } from "./dataset";
import type { CuratedEdgeInput } from "./index-types";

/**
 * Response and request shapes of the HTTP API, declared once: the route handlers build them and
 * the client reads them (components/** import these, never a copy).
 */

/** One choice of reasoner for the UI's picker (GET /api/reasoners). */
export type ReasonerInfo = {
  id: "local" | "llm";
  label: string;
  available: boolean;
  /** When not available: which environment variables to set. */
  howToConfigure?: string;
};

export type ReasonersResponse = { reasoners: ReasonerInfo[]; howToConfigure: string };

/** The subset of JSON Schema the advanced panel renders. */
export type ParamSchema = {
  type: "integer" | "number" | "boolean" | "string";
  /** null: an optional parameter the method fills in itself when left empty. */
  default?: number | boolean | string | null;
  description?: string;
  minimum?: number;
  maximum?: number;
};

/** One method as the workbench offers it (GET /api/methods); `params` is its JSON Schema. */
export type MethodInfo = {
  id: string;
  label: string;
  description: string;
  available: boolean;
  /** Asked for one dataset: what it lacks that the method would use ("add passages first"), else null. */
  note?: string | null;
  params: { properties?: Record<string, ParamSchema> } | null;
};

/** POST /api/datasets/:id/ask. */
export type AskBody = { question: string; method: string; reasoner: "local" | "llm"; params: Record<string, unknown> };

export type DatasetListResponse = { datasets: DatasetSummary[] };

export type ImportedTable = { name: string; rowCount: number; columns: { name: string; type: ColumnType }[] };
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

/** A stored cell as the rows API returns it (blobs are never sent). */
export type GridCell = string | number | null;
/** One grid row: its rowid (null for views) and its cells as the file wrote them. */
export type GridRow = { rowId: number | null; values: GridCell[] };
/** GET /api/datasets/:id/tables/:table/rows. */
export type RowsPage = {
  total: number;
  /** The count stopped at its budget (a view that never ends): `total` is a lower bound. */
  totalCut?: boolean;
  offset: number;
  rows: GridRow[];
};

/** "curated": added by hand; "accepted": a discovered edge confirmed; "rejected": a discovered edge hidden. */
export type EdgeStatus = "curated" | "accepted" | "rejected";

/** A kept schema-graph edge (GET …/schema-graph/edges); source and target are column keys. */
export type StoredSchemaEdge = {
  id: string;
  kind: CuratedEdgeInput["kind"];
  label: string;
  source: string;
  target: string;
  weight: number;
  status: EdgeStatus;
  origin: "curated";
  createdAt: string;
  updatedAt: string;
};
