import "server-only";
import { z } from "zod";
import type { SemanticModelResponse } from "@/lib/core/model/semantic-model";
import { type SemanticEdit, semanticEditSchema } from "@/lib/core/model/semantic-model";
import { HttpError } from "@/lib/server/http/errors";
import { currentGeneration } from "@/lib/server/index/generations";
import { loadDataset } from "@/lib/server/stores/datasets";
import { withUserEdits } from "./load";
import { readSemanticModel, removeSemanticEdits, saveSemanticEdits } from "./store";

/** Most edits one PATCH may carry. */
const MAX_EDITS = 50;

const resetSchema = z.object({
  kind: z.enum(["entity", "label", "measure", "flag", "date"]),
  table: z.string().min(1).max(200),
  column: z.string().min(1).max(200).optional(),
});

/** PATCH body: edits to keep (`set`) and edits to drop so the inferred fact comes back (`reset`). */
const semanticPatchSchema = z
  .object({
    set: z.array(semanticEditSchema).max(MAX_EDITS).default([]),
    reset: z.array(resetSchema).max(MAX_EDITS).default([]),
  })
  .refine((b) => b.set.length + b.reset.length > 0, "send at least one edit in `set` or `reset`");

/** GET …/semantic-model: the current generation's inferred model, the user's edits and the two combined. */
export async function getSemanticModel(datasetId: string): Promise<SemanticModelResponse> {
  await loadDataset(datasetId);
  const generation = await currentGeneration(datasetId);
  const inferred = generation === null ? null : await readSemanticModel(datasetId, generation);
  if (!inferred) {
    const { edits } = await withUserEdits(datasetId, { version: 1, tables: [] });
    return { generation, model: null, inferred: null, edits, ignored: [] };
  }
  const { model, edits, ignored } = await withUserEdits(datasetId, inferred);
  return { generation, model, inferred, edits, ignored };
}

/** Each edit's table and column must be the dataset's (a 400 names the first that is not). */
async function checkEdits(datasetId: string, edits: readonly SemanticEdit[]): Promise<void> {
  const dataset = await loadDataset(datasetId);
  const tables = new Map(dataset.tables.map((t) => [t.name, new Set(t.columns.map((c) => c.sqlName))]));
  for (const e of edits) {
    const columns = tables.get(e.table);
    if (!columns) throw new HttpError("unknown_table", `The dataset has no table "${e.table}".`, 400);
    const named = "column" in e ? [e.column] : e.kind === "label" ? (e.value?.columns ?? []) : [];
    const missing = named.find((c) => !columns.has(c));
    if (missing) throw new HttpError("unknown_column", `Table "${e.table}" has no column "${missing}".`, 400);
  }
}

/** PATCH …/semantic-model: keeps the edits in `set`, drops those in `reset`, and returns the model as it now reads. */
export async function patchSemanticModel(datasetId: string, raw: unknown): Promise<SemanticModelResponse> {
  const parsed = semanticPatchSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw new HttpError(
      "invalid_semantic_edit",
      `${where}${issue?.message ?? "invalid edit"}. Send {set?: [{kind: "entity" | "label" | "measure" | "flag" | ` +
        `"date", table, column?, value}], reset?: [{kind, table, column?}]}.`,
      400,
    );
  }
  await checkEdits(datasetId, parsed.data.set);
  await removeSemanticEdits(datasetId, parsed.data.reset);
  await saveSemanticEdits(datasetId, parsed.data.set);
  return getSemanticModel(datasetId);
}
