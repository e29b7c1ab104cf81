import "server-only";
import { columnKey } from "@/lib/core/model/column-ref";
import {
  glossaryEntrySchema,
  glossaryFullProblem,
  glossaryProblem,
  type GlossaryEntry,
} from "@/lib/core/retrieval/glossary";
import type { StoredGlossaryEntry } from "@/lib/core/api/glossary";
import { HttpError } from "@/lib/server/http/errors";
import { notFound } from "@/lib/server/http/not-found";
import { loadDataset } from "@/lib/server/stores/datasets";
import { deleteGlossaryEntry, listGlossary, saveGlossaryEntry } from "./store";

/** Node ids of a dataset's columns, for checking an entry's column. */
async function glossaryColumns(datasetId: string): Promise<Set<string>> {
  const dataset = await loadDataset(datasetId);
  return new Set(dataset.tables.flatMap((t) => t.columns.map((c) => columnKey(t.name, c.sqlName))));
}

function parseEntry(raw: unknown): GlossaryEntry {
  const parsed = glossaryEntrySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  throw new HttpError(
    "invalid_glossary_entry",
    `${where}${issue?.message ?? "invalid entry"}. Send {phrase, target: "column" | "value" | "filter", ` +
      `column: "table.column", value? (for value and filter), note?}.`,
    400,
  );
}

async function checked(datasetId: string, entry: GlossaryEntry, selfId?: string): Promise<void> {
  const problem = glossaryProblem(entry, await glossaryColumns(datasetId), await listGlossary(datasetId), selfId);
  if (problem)
    throw new HttpError(
      problem.includes("already") ? "duplicate_phrase" : "invalid_glossary_entry",
      problem,
      problem.includes("already") ? 409 : 400,
    );
}

/** GET …/glossary. */
export async function getGlossary(datasetId: string): Promise<{ entries: StoredGlossaryEntry[] }> {
  await loadDataset(datasetId);
  return { entries: await listGlossary(datasetId) };
}

/** POST …/glossary: adds an entry (409 glossary_full past MAX_GLOSSARY_ENTRIES). */
export async function addGlossaryEntry(datasetId: string, raw: unknown): Promise<StoredGlossaryEntry> {
  const entry = parseEntry(raw);
  const full = glossaryFullProblem((await listGlossary(datasetId)).length);
  if (full) throw new HttpError("glossary_full", full, 409);
  await checked(datasetId, entry);
  return (await saveGlossaryEntry(datasetId, entry))!;
}

/** PATCH …/glossary?id=: changes an entry (fields not sent stay). */
export async function updateGlossaryEntry(datasetId: string, id: string, raw: unknown): Promise<StoredGlossaryEntry> {
  await loadDataset(datasetId);
  const current = (await listGlossary(datasetId)).find((e) => e.id === id);
  if (!current) throw notFound("glossary_entry", id);
  const patch = raw !== null && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const { id: _id, createdAt: _c, updatedAt: _u, ...base } = current;
  const entry = parseEntry({ ...base, ...patch });
  await checked(datasetId, entry, id);
  return (await saveGlossaryEntry(datasetId, entry, id))!;
}

/** DELETE …/glossary?id=. */
export async function removeGlossaryEntry(datasetId: string, id: string): Promise<{ deleted: string }> {
  await loadDataset(datasetId);
  if (!(await deleteGlossaryEntry(datasetId, id))) throw notFound("glossary_entry", id);
  return { deleted: id };
}
