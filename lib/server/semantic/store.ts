import "server-only";
import { and, eq } from "drizzle-orm";
import { indexSemanticModels, semanticEdits } from "@/db/schema";
import {
  type SemanticEdit,
  type SemanticModel,
  semanticEditSchema,
  semanticModelSchema,
} from "@/lib/core/model/semantic-model";
import { appDb } from "@/lib/server/db/app-db";

/** Writes the model a generation inferred (replacing one written before for the same generation). */
export async function writeSemanticModel(datasetId: string, generation: number, model: SemanticModel): Promise<void> {
  const db = await appDb();
  await db
    .insert(indexSemanticModels)
    .values({ datasetId, generation, model })
    .onConflictDoUpdate({ target: [indexSemanticModels.datasetId, indexSemanticModels.generation], set: { model } });
}

/** The model a generation inferred, or null (none written, or written in a shape this version cannot read). */
export async function readSemanticModel(datasetId: string, generation: number): Promise<SemanticModel | null> {
  const db = await appDb();
  const [row] = await db
    .select({ model: indexSemanticModels.model })
    .from(indexSemanticModels)
    .where(and(eq(indexSemanticModels.datasetId, datasetId), eq(indexSemanticModels.generation, generation)));
  const parsed = semanticModelSchema.safeParse(row?.model);
  return parsed.success ? parsed.data : null;
}

/** The user's edits of a dataset's model, oldest first; a stored edit this version cannot read is skipped. */
export async function listSemanticEdits(datasetId: string): Promise<SemanticEdit[]> {
  const db = await appDb();
  const rows = await db
    .select({ edit: semanticEdits.edit, at: semanticEdits.updatedAt })
    .from(semanticEdits)
    .where(eq(semanticEdits.datasetId, datasetId));
  return rows
    .sort((a, b) => a.at.localeCompare(b.at))
    .flatMap((r) => {
      const parsed = semanticEditSchema.safeParse(r.edit);
      return parsed.success ? [parsed.data] : [];
    });
}

const keyOf = (e: { kind: string; table: string; column?: string }) => ({
  kind: e.kind,
  tableName: e.table,
  columnName: e.column ?? "",
});

/** Keeps each edit (replacing the one of the same table, column and kind). */
export async function saveSemanticEdits(datasetId: string, edits: readonly SemanticEdit[]): Promise<void> {
  const db = await appDb();
  const now = new Date().toISOString();
  for (const e of edits) {
    const key = keyOf(e);
    await db
      .insert(semanticEdits)
      .values({ datasetId, ...key, edit: e, updatedAt: now })
      .onConflictDoUpdate({
        target: [semanticEdits.datasetId, semanticEdits.kind, semanticEdits.tableName, semanticEdits.columnName],
        set: { edit: e, updatedAt: now },
      });
  }
}

/** Removes edits, so the inferred facts come back. */
export async function removeSemanticEdits(
  datasetId: string,
  keys: ReadonlyArray<{ kind: string; table: string; column?: string }>,
): Promise<void> {
  const db = await appDb();
  for (const k of keys) {
    const key = keyOf(k);
    await db
      .delete(semanticEdits)
      .where(
        and(
          eq(semanticEdits.datasetId, datasetId),
          eq(semanticEdits.kind, key.kind),
          eq(semanticEdits.tableName, key.tableName),
          eq(semanticEdits.columnName, key.columnName),
        ),
      );
  }
}
