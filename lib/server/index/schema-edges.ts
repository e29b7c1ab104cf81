import "server-only";
import { datasetChanged } from "@/lib/server/process/dataset-caches";
import { and, asc, eq } from "drizzle-orm";
import { customAlphabet } from "nanoid";
import { schemaEdgeHistory, schemaEdges } from "@/db/schema";
import type { EdgeStatus, StoredSchemaEdge } from "@/lib/core/api/schema-graph";
import type { CuratedEdgeInput } from "@/lib/core/model/index-types";
import { appDb } from "@/lib/server/db/app-db";

export type { StoredSchemaEdge };

export type SchemaEdgeInput = Pick<StoredSchemaEdge, "kind" | "source" | "target"> &
  Partial<Pick<StoredSchemaEdge, "label" | "weight" | "status">>;

const newEdgeId = customAlphabet("0123456789abcdefghijklmnopqrstuvwxyz", 12);

type Row = typeof schemaEdges.$inferSelect;

function toEdge(r: Row): StoredSchemaEdge {
  return {
    id: r.id,
    kind: r.kind as StoredSchemaEdge["kind"],
    label: r.label,
    source: r.source,
    target: r.target,
    weight: r.weight,
    status: r.status as EdgeStatus,
    origin: "curated",
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** A dataset's user-kept edges, oldest first. Indexing only reads these; it never writes them. */
export async function listSchemaEdges(datasetId: string): Promise<StoredSchemaEdge[]> {
  const db = await appDb();
  const rows = await db
    .select()
    .from(schemaEdges)
    .where(eq(schemaEdges.datasetId, datasetId))
    .orderBy(asc(schemaEdges.createdAt), asc(schemaEdges.id));
  return rows.map(toEdge);
}

/** Adds an edge (no id) or changes one (with id), recording the change with its time in the same transaction. */
async function saveSchemaEdgeRows(
  datasetId: string,
  input: SchemaEdgeInput & { id?: string },
  via?: "undo" | "redo",
): Promise<StoredSchemaEdge> {
  const db = await appDb();
  return db.transaction(async (tx) => {
    const now = new Date().toISOString();
    const [before] = input.id
      ? await tx
          .select()
          .from(schemaEdges)
          .where(and(eq(schemaEdges.datasetId, datasetId), eq(schemaEdges.id, input.id)))
      : [];
    if (input.id && !before) throw new RangeError(`There is no schema edge "${input.id}".`);
    const values = {
      kind: input.kind,
      label: input.label ?? before?.label ?? input.kind,
      source: input.source,
      target: input.target,
      weight: input.weight ?? before?.weight ?? 1,
      status: input.status ?? (before?.status as EdgeStatus) ?? "curated",
      updatedAt: now,
    };
    const [row] = before
      ? await tx.update(schemaEdges).set(values).where(eq(schemaEdges.id, before.id)).returning()
      : await tx
          .insert(schemaEdges)
          .values({ id: newEdgeId(), datasetId, origin: "curated", createdAt: now, ...values })
          .returning();
    await tx.insert(schemaEdgeHistory).values({
      datasetId,
      edgeId: row.id,
      action: before ? "update" : "create",
      via: via ?? null,
      before: before ? toEdge(before) : null,
      after: toEdge(row),
      at: now,
    });
    return toEdge(row);
  });
}

/** Removes an edge; the history keeps what it was. Returns false when there was none. */
async function deleteSchemaEdgeRows(datasetId: string, id: string, via?: "undo" | "redo"): Promise<boolean> {
  const db = await appDb();
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(schemaEdges)
      .where(and(eq(schemaEdges.datasetId, datasetId), eq(schemaEdges.id, id)))
      .returning();
    if (!gone) return false;
    await tx.insert(schemaEdgeHistory).values({
      datasetId,
      edgeId: id,
      action: "delete",
      via: via ?? null,
      before: toEdge(gone),
      after: null,
      at: new Date().toISOString(),
    });
    return true;
  });
}

/**
 * The user's edges as buildSchemaGraph wants them: curated and accepted ones as edges, rejected ones as pairs to hide.
 */
export function curatedGraphInput(edges: readonly StoredSchemaEdge[]): {
  curated: CuratedEdgeInput[];
  rejected: Set<string>;
} {
  const curated: CuratedEdgeInput[] = [];
  const rejected = new Set<string>();
  for (const e of edges) {
    if (e.status === "rejected") rejected.add(pairKey(e.source, e.target));
    else curated.push({ source: e.source, target: e.target, kind: e.kind, label: e.label, weight: e.weight });
  }
  return { curated, rejected };
}

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

const sameEdge = (
  a: Pick<StoredSchemaEdge, "source" | "target" | "kind">,
  b: Pick<StoredSchemaEdge, "source" | "target" | "kind">,
) => a.source === b.source && a.target === b.target && a.kind === b.kind;

/**
 * Makes a dataset's kept edges exactly `edges` (an import), in one transaction: an edge with the
 * same ends and kind is updated in place (history only when it changed), others created, the
 * rest deleted. Every change is in the history, so an import can be read back and undone.
 */
async function replaceSchemaEdgesRows(
  datasetId: string,
  edges: readonly SchemaEdgeInput[],
): Promise<{ created: number; updated: number; deleted: number }> {
  const db = await appDb();
  return db.transaction(async (tx) => {
    const now = new Date().toISOString();
    const before = (await tx.select().from(schemaEdges).where(eq(schemaEdges.datasetId, datasetId))).map(toEdge);
    const counts = { created: 0, updated: 0, deleted: 0 };
    const kept = new Set<string>();
    for (const input of edges) {
      const old = before.find((b) => sameEdge(b, input) && !kept.has(b.id));
      const values = {
        kind: input.kind,
        label: input.label ?? old?.label ?? input.kind,
        source: input.source,
        target: input.target,
        weight: input.weight ?? 1,
        status: input.status ?? "curated",
        updatedAt: now,
      };
      if (old) {
        kept.add(old.id);
        if (old.label === values.label && old.weight === values.weight && old.status === values.status) continue;
        const [row] = await tx.update(schemaEdges).set(values).where(eq(schemaEdges.id, old.id)).returning();
        await tx
          .insert(schemaEdgeHistory)
          .values({ datasetId, edgeId: old.id, action: "update", before: old, after: toEdge(row), at: now });
        counts.updated++;
      } else {
        const [row] = await tx
          .insert(schemaEdges)
          .values({ id: newEdgeId(), datasetId, origin: "curated", createdAt: now, ...values })
          .returning();
        await tx
          .insert(schemaEdgeHistory)
          .values({ datasetId, edgeId: row.id, action: "create", before: null, after: toEdge(row), at: now });
        counts.created++;
      }
    }
    for (const old of before) {
      if (kept.has(old.id)) continue;
      await tx.delete(schemaEdges).where(eq(schemaEdges.id, old.id));
      await tx
        .insert(schemaEdgeHistory)
        .values({ datasetId, edgeId: old.id, action: "delete", before: old, after: null, at: now });
      counts.deleted++;
    }
    return counts;
  });
}

/** Adds an edge (no id) or changes one (with id); every thread's view of the dataset's graph is refreshed. */
export async function saveSchemaEdge(
  datasetId: string,
  input: SchemaEdgeInput & { id?: string },
  via?: "undo" | "redo",
): Promise<StoredSchemaEdge> {
  const saved = await saveSchemaEdgeRows(datasetId, input, via);
  datasetChanged(datasetId);
  return saved;
}

/** Removes an edge (the history keeps it, with its `via`); false when there was none. */
export async function deleteSchemaEdge(datasetId: string, id: string, via?: "undo" | "redo"): Promise<boolean> {
  const deleted = await deleteSchemaEdgeRows(datasetId, id, via);
  if (deleted) datasetChanged(datasetId);
  return deleted;
}

/** Makes a dataset's kept edges exactly `edges` (an import); see replaceSchemaEdgesRows. */
export async function replaceSchemaEdges(
  datasetId: string,
  edges: readonly SchemaEdgeInput[],
): Promise<{ created: number; updated: number; deleted: number }> {
  const counts = await replaceSchemaEdgesRows(datasetId, edges);
  datasetChanged(datasetId);
  return counts;
}
