import type { ColumnType } from "../model/dataset";
import type { ColumnProfile } from "../model/index-types";

// A dataset's index: its state and stages, and the columns with profiles and descriptions.
// Declared once (no copies): the routes build these shapes and the client reads them.

type IndexState = "pending" | "running" | "ready" | "failed";

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
