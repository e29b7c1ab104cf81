import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { customAlphabet } from "nanoid";
import { glossaryEntries } from "@/db/schema";
import { glossaryTargetSchema, type GlossaryEntry } from "@/lib/core/retrieval/glossary";
import type { StoredGlossaryEntry } from "@/lib/core/api/glossary";
import { appDb } from "@/lib/server/db/app-db";

const newId = customAlphabet("0123456789abcdefghijklmnopqrstuvwxyz", 12);
type Row = typeof glossaryEntries.$inferSelect;

function toEntry(r: Row): StoredGlossaryEntry | null {
  const target = glossaryTargetSchema.safeParse(r.target);
  if (!target.success) return null; // a row another version wrote differently is left out, not mis-shown
  return {
    id: r.id,
    phrase: r.phrase,
    target: target.data,
    column: r.column,
    ...(r.value === null ? {} : { value: r.value }),
    ...(r.note ? { note: r.note } : {}),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** A dataset's glossary, oldest entry first. */
export async function listGlossary(datasetId: string): Promise<StoredGlossaryEntry[]> {
  const db = await appDb();
  const rows = await db
    .select()
    .from(glossaryEntries)
    .where(eq(glossaryEntries.datasetId, datasetId))
    .orderBy(asc(glossaryEntries.createdAt), asc(glossaryEntries.id));
  return rows.flatMap((r) => toEntry(r) ?? []);
}

const columnsOf = (e: GlossaryEntry) => ({
  phrase: e.phrase,
  target: e.target,
  column: e.column,
  operator: e.target === "column" ? null : "=",
  value: e.target === "column" ? null : (e.value ?? null),
  note: e.note ?? "",
});

/** Adds an entry (no id) or replaces one (with id); null when the id is unknown. */
export async function saveGlossaryEntry(
  datasetId: string,
  entry: GlossaryEntry,
  id?: string,
): Promise<StoredGlossaryEntry | null> {
  const db = await appDb();
  const now = new Date().toISOString();
  const [row] = id
    ? await db
        .update(glossaryEntries)
        .set({ ...columnsOf(entry), updatedAt: now })
        .where(and(eq(glossaryEntries.datasetId, datasetId), eq(glossaryEntries.id, id)))
        .returning()
    : await db
        .insert(glossaryEntries)
        .values({ id: newId(), datasetId, ...columnsOf(entry), createdAt: now, updatedAt: now })
        .returning();
  return row ? toEntry(row) : null;
}

/** Removes an entry; false when there was none. */
export async function deleteGlossaryEntry(datasetId: string, id: string): Promise<boolean> {
  const db = await appDb();
  const gone = await db
    .delete(glossaryEntries)
    .where(and(eq(glossaryEntries.datasetId, datasetId), eq(glossaryEntries.id, id)))
    .returning();
  return gone.length > 0;
}

/** Replaces the whole glossary (an import), in one transaction. */
export async function replaceGlossary(datasetId: string, entries: readonly GlossaryEntry[]): Promise<number> {
  const db = await appDb();
  const now = new Date().toISOString();
  await db.transaction(async (tx) => {
    await tx.delete(glossaryEntries).where(eq(glossaryEntries.datasetId, datasetId));
    for (const e of entries)
      await tx
        .insert(glossaryEntries)
        .values({ id: newId(), datasetId, ...columnsOf(e), createdAt: now, updatedAt: now });
  });
  return entries.length;
}
