import "server-only";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { datasetPassages, passageLinks } from "@/db/schema";
import type { ParsedPassage } from "@/lib/core/ingest/passages";
import type { Link } from "@/lib/core/methods/helios/types";
import { appDb } from "@/lib/server/db/app-db";

export type StoredPassage = {
  id: number;
  title: string;
  text: string;
  url: string | null;
  aliases: string[];
  source: string;
};
export type StoredLink = {
  table: string;
  rowId: number;
  passageId: number;
  column: string | null;
  kind: string;
  score: number;
};

/** Every passage of a dataset, in id order. */
export async function allPassages(datasetId: string): Promise<StoredPassage[]> {
  const db = await appDb();
  const rows = await db
    .select()
    .from(datasetPassages)
    .where(eq(datasetPassages.datasetId, datasetId))
    .orderBy(asc(datasetPassages.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    text: r.text,
    url: r.url,
    aliases: r.aliases,
    source: r.source,
  }));
}

/** A page of passages whose title or text contains `q` (case-insensitive), with the total. */
export async function searchPassages(
  datasetId: string,
  q: string,
  offset: number,
  limit: number,
): Promise<{ total: number; passages: StoredPassage[] }> {
  const db = await appDb();
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = q
    ? and(
        eq(datasetPassages.datasetId, datasetId),
        or(
          sql`${datasetPassages.title} LIKE ${pattern} ESCAPE '\\'`,
          sql`${datasetPassages.text} LIKE ${pattern} ESCAPE '\\'`,
        ),
      )
    : eq(datasetPassages.datasetId, datasetId);
  const [{ n }] = await db.select({ n: sql<number>`count(*)` }).from(datasetPassages).where(where);
  const rows = await db
    .select()
    .from(datasetPassages)
    .where(where)
    .orderBy(asc(datasetPassages.id))
    .limit(limit)
    .offset(offset);
  return {
    total: Number(n),
    passages: rows.map((r) => ({
      id: r.id,
      title: r.title,
      text: r.text,
      url: r.url,
      aliases: r.aliases,
      source: r.source,
    })),
  };
}

/** Passages by id (ids that do not exist are skipped). */
export async function passagesById(datasetId: string, ids: number[]): Promise<StoredPassage[]> {
  if (!ids.length) return [];
  const db = await appDb();
  const rows = await db
    .select()
    .from(datasetPassages)
    .where(and(eq(datasetPassages.datasetId, datasetId), inArray(datasetPassages.id, ids)))
    .orderBy(asc(datasetPassages.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    text: r.text,
    url: r.url,
    aliases: r.aliases,
    source: r.source,
  }));
}

/** Appends passages with ids after the dataset's last one; returns how many were added. */
export async function insertPassages(datasetId: string, passages: ParsedPassage[]): Promise<number> {
  if (!passages.length) return 0;
  const db = await appDb();
  const [{ max }] = await db
    .select({ max: sql<number | null>`max(${datasetPassages.id})` })
    .from(datasetPassages)
    .where(eq(datasetPassages.datasetId, datasetId));
  const start = Number(max ?? 0) + 1;
  const values = passages.map((p, i) => ({
    datasetId,
    id: start + i,
    title: p.title,
    text: p.text,
    url: p.url,
    aliases: p.aliases,
    source: p.source,
  }));
  await db.transaction(async (tx) => {
    for (let i = 0; i < values.length; i += 200) await tx.insert(datasetPassages).values(values.slice(i, i + 200));
  });
  return values.length;
}

/** Replaces the dataset's links (G_d's edges) with a fresh linking result. */
export async function replaceLinks(datasetId: string, links: StoredLink[]): Promise<void> {
  const db = await appDb();
  await db.transaction(async (tx) => {
    await tx.delete(passageLinks).where(eq(passageLinks.datasetId, datasetId));
    const values = links.map((l) => ({
      datasetId,
      tableName: l.table,
      rowId: l.rowId,
      passageId: l.passageId,
      columnName: l.column,
      kind: l.kind,
      score: l.score,
    }));
    for (let i = 0; i < values.length; i += 500) await tx.insert(passageLinks).values(values.slice(i, i + 500));
  });
}

/** Every link of a dataset. */
export async function allLinks(datasetId: string): Promise<StoredLink[]> {
  const db = await appDb();
  const rows = await db.select().from(passageLinks).where(eq(passageLinks.datasetId, datasetId));
  return rows.map((r) => ({
    table: r.tableName,
    rowId: r.rowId,
    passageId: r.passageId,
    column: r.columnName,
    kind: r.kind,
    score: r.score,
  }));
}

/** The node ids of G_d for stored rows and passages. */
export const passageNode = (id: number) => `p:${id}`;
export const passageIdOfNode = (node: string) => Number(node.slice(2));

/** Core links (node ids) to stored links. */
export function toStoredLinks(
  links: Link[],
  rowOf: (segment: string) => { table: string; rowId: number },
): StoredLink[] {
  return links.map((l) => ({
    ...rowOf(l.segment),
    passageId: passageIdOfNode(l.passage),
    column: l.column ?? null,
    kind: l.kind,
    score: l.score,
  }));
}

/**
 * Deletes a dataset's passages and links (the dataset is going; cascades are not relied on, see deleteIndexRecords).
 */
export async function deletePassageRecords(datasetId: string): Promise<void> {
  const db = await appDb();
  await db.delete(passageLinks).where(eq(passageLinks.datasetId, datasetId));
  await db.delete(datasetPassages).where(eq(datasetPassages.datasetId, datasetId));
}
