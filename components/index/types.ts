import type { ColumnType, DatasetDetail } from "@/lib/core/model/dataset";
import type { CellHit, ColumnProfile, JoinCandidate, SchemaEdge, SchemaNode } from "@/lib/core/model/index-types";

/** Shapes of the index API as this UI consumes them (the server owns the contract). */

export type IndexState = "pending" | "running" | "ready" | "failed";

export interface IndexStage {
  name: string;
  /** pending | running | done/ready | failed | skipped — anything else is shown as written. */
  status: string;
  done: number;
  total: number;
  ms: number;
  notes: string[];
}

export interface IndexInfo {
  status: IndexState;
  /** The generation being served; null before the first complete run. */
  generation: number | null;
  stages: IndexStage[];
  error?: string | { code?: string; message?: string } | null;
}

export type DatasetWithIndex = DatasetDetail & { index?: IndexInfo | null };

export interface SchemaGraphTable {
  name: string;
  rowCount?: number;
  primaryKey?: string[];
  description?: string;
}

/** A join candidate below the learned scorer's threshold: listed for review, not drawn. */
export type JoinSuggestion = JoinCandidate & { source: string; target: string };

export interface SchemaGraphResponse {
  nodes: SchemaNode[];
  edges: SchemaEdge[];
  tables?: SchemaGraphTable[];
  suggestions?: JoinSuggestion[];
}

export interface Description {
  text: string;
  edited: boolean;
  /** The generated text an edit replaced (what "Restore" puts back). */
  generated?: string | null;
}

export interface ColumnInfo {
  column: string;
  name: string;
  type: ColumnType;
  isPrimaryKey: boolean;
  profile: ColumnProfile | null;
  description: Description | null;
}

export interface TableInfo {
  table: string;
  rowCount: number | null;
  description: Description | null;
  columns: ColumnInfo[];
}

export type JoinRow = JoinCandidate;

export type CellSearchHit = Pick<CellHit, "table" | "column" | "value" | "score" | "rowCount"> &
  Partial<Pick<CellHit, "similarity" | "match">>;
