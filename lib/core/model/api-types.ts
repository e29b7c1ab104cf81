import type { ColumnType, DatasetSummary } from "./dataset";
import type { ColumnProfile, CuratedEdgeInput, JoinCandidate, SchemaGraph } from "./index-types";
import type { JoinCounts } from "../index/join-review";
import type { GlossaryEntry } from "../retrieval/glossary";

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
  /** Where the llm reasoner's model is configured: the settings page or environment variables. */
  source?: LlmConfigSource;
};

export type LlmProvider = "openai-compatible" | "openai" | "anthropic";
export type LlmConfigSource = "settings" | "environment";

/** A model configuration as the browser sees it: never the API key, only whether one is set. */
export type LlmSettingsView = { provider: LlmProvider; model: string; baseURL: string | null; keySet: boolean };

/** GET /api/settings/llm: what is saved, what the environment sets, and which one runs use. */
export type LlmSettingsResponse = {
  saved: LlmSettingsView | null;
  environment: LlmSettingsView | null;
  /** Why the environment's variables configure no model, when some are set but not enough. */
  environmentProblem: string | null;
  active: LlmConfigSource | null;
  /** Whether an API key can be stored (TABLESIGHT_SECRET is set), as for connection URLs. */
  secretConfigured: boolean;
  timeoutMs: number;
  maxRetries: number;
};

/** POST /api/settings/llm/test: one small call to the model, and what came of it in words. */
export type LlmTestResponse = { ok: boolean; message: string; ms: number; reply?: string };

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
  /** Whether its runs honour pins and exclusions (the steer panel re-runs only these). */
  takesConstraints?: boolean;
  params: { properties?: Record<string, ParamSchema> } | null;
};

/** POST /api/datasets/:id/ask. */
export type AskBody = { question: string; method: string; reasoner: "local" | "llm"; params: Record<string, unknown> };

export type DatasetListResponse = { datasets: DatasetSummary[] };

/** A table the import wrote; a view is marked as one in the import report. */
export type ImportedTable = {
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

/**
 * GET /api/datasets/:id/tables/:table/facets?column=…: a column's most frequent values with their
 * counts among the rows the other columns' filters keep (most frequent first); `more` when there are others.
 */
export type ColumnFacet = {
  column: string;
  values: { value: GridCell; count: number }[];
  more: boolean;
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

/** One change to a kept edge (GET …/schema-graph/history), oldest first. */
/** One glossary entry as the API serves it (lib/core/retrieval/glossary.ts). */
export type StoredGlossaryEntry = GlossaryEntry & { id: string; createdAt: string; updatedAt: string };

export type SchemaEdgeHistoryEntry = {
  edgeId: string;
  action: "create" | "update" | "delete";
  /** Set when the change undid or redid an earlier one. */
  via?: "undo" | "redo";
  before: StoredSchemaEdge | null;
  after: StoredSchemaEdge | null;
  at: string;
};

export type IndexState = "pending" | "running" | "ready" | "failed";

/** One indexing stage's progress; `status` is pending | running | done | failed | skipped. */
export type IndexStage = { name: string; status: string; done: number; total: number; ms: number; notes: string[] };

/**
 * A dataset's index as GET /api/datasets/:id reports it. `generation` is the one being served
 * (null before the first complete run): a failed or running re-index keeps serving it.
 */
export type IndexInfo = {
  status: IndexState;
  generation: number | null;
  stages: IndexStage[];
  error?: string;
  startedAt?: string;
  finishedAt?: string | null;
};

/** A description as stored and shown: the user's edit when there is one, else the generated text. */
export type ShownDescription = { text: string; edited: boolean; expandedName: string | null; generated: string | null };
/** A description in API answers (GET /columns, PATCH /descriptions): `generated` is what "Restore" puts back. */
export type Description = Pick<ShownDescription, "text" | "edited" | "generated">;

/** GET /api/datasets/:id/columns: every table and column with its profile and description (edits win). */
export type ColumnsResponse = {
  generation: number | null;
  tables: Array<{
    table: string;
    rowCount: number;
    description: Description | null;
    columns: Array<{
      column: string;
      name: string;
      type: ColumnType;
      isPrimaryKey: boolean;
      expandedName: string | null;
      profile: ColumnProfile | null;
      description: Description | null;
    }>;
  }>;
};

export type GraphTable = {
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

/** GET /api/datasets/:id/bipartite: the bipartite data graph G_d (HELIOS). */
export type BipartiteView = {
  segments: Array<{ id: string; table: string; rowId: number; label: string }>;
  passages: Array<{ id: string; title: string; links: number }>;
  links: Array<{ segment: string; passage: string; kind: string; score: number; column: string | null }>;
  counts: { segments: number; passages: number; links: number; unlinkedPassages: number };
};

/** One passage in GET /api/datasets/:id/passages, with the rows it is linked to. */
export type PassageListItem = {
  id: string;
  title: string;
  preview: string;
  length: number;
  url: string | null;
  aliases: string[];
  source: string;
  links: Array<{ table: string; rowId: number; kind: string; column: string | null }>;
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

export type { SemanticModelResponse } from "./semantic-model";
