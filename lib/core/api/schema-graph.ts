import type { CuratedEdgeInput, JoinCandidate, SchemaGraph } from "../model/index-types";
import type { JoinCounts } from "../index/join-review";

// The schema graph and its curation: the drawn graph, kept edges, their history, graph files.
// Declared once (no copies): the routes build these shapes and the client reads them.

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

/** One change to a kept edge (GET …/schema-graph/history), oldest first. */
export type SchemaEdgeHistoryEntry = {
  edgeId: string;
  action: "create" | "update" | "delete";
  /** Set when the change undid or redid an earlier one. */
  via?: "undo" | "redo";
  before: StoredSchemaEdge | null;
  after: StoredSchemaEdge | null;
  at: string;
};

type GraphTable = {
  name: string;
  /** A database view (drawn apart from tables). */
  isView: boolean;
  rowCount: number;
  primaryKey: string[];
  description: string | null;
  columns: string[];
};

/** A discovered candidate the learned scorer did not pass: listed for review, never drawn or joined on. */
export type JoinSuggestion = JoinCandidate & { source: string; target: string; reason: string };

/** GET /api/datasets/:id/schema-graph. */
export type DatasetGraph = SchemaGraph & {
  generation: number | null;
  tables: GraphTable[];
  suggestions: JoinSuggestion[];
  /** The counts every view shows (lib/core/index/join-review.ts). */
  joinCounts: JoinCounts;
};

/** PUT …/schema-graph/export: what an imported graph file changed, and each edge refused with why. */
export type CurationImportResult = {
  created: number;
  updated: number;
  deleted: number;
  imported: number;
  refused: Array<{ index: number; edge: unknown; reason: string }>;
  /** Present when the file carried a glossary: it replaced the dataset's. */
  glossary?: { imported: number; refused: Array<{ index: number; entry: unknown; reason: string }> };
};
