import "server-only";
import { datasetChanged } from "@/lib/server/process/dataset-caches";
import { and, asc, eq } from "drizzle-orm";
import { descriptionEdits, indexColumnProfiles, indexDescriptions, indexJoinCandidates } from "@/db/schema";
import { columnKey } from "@/lib/core/index";
import type { ColumnProfile, JoinCandidate } from "@/lib/core/model/index-types";
import { appDb } from "@/lib/server/db/app-db";

/** Rows of one insert; keeps statements under SQLite's bound-parameter limit. */
const CHUNK = 100;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export type ProfileRow = { table: string; column: string; profile: ColumnProfile };
export type DescriptionRow = { table: string; column: string; expandedName: string; text: string; writer: string };

export async function writeProfiles(datasetId: string, generation: number, rows: ProfileRow[]): Promise<void> {
  const db = await appDb();
  await insertChunked(rows, (chunk) =>
    db
      .insert(indexColumnProfiles)
      .values(
        chunk.map((r) => ({ datasetId, generation, tableName: r.table, columnName: r.column, profile: r.profile })),
      ),
  );
}

export async function writeDescriptions(datasetId: string, generation: number, rows: DescriptionRow[]): Promise<void> {
  const db = await appDb();
  await insertChunked(rows, (chunk) =>
    db.insert(indexDescriptions).values(
      chunk.map((r) => ({
        datasetId,
        generation,
        tableName: r.table,
        columnName: r.column,
        expandedName: r.expandedName,
        text: r.text,
        writer: r.writer,
      })),
    ),
  );
}

export async function writeJoins(datasetId: string, generation: number, joins: JoinCandidate[]): Promise<void> {
  const db = await appDb();
  const rows = joins.map((j, rank) => ({
    datasetId,
    generation,
    rank,
    fromTable: j.from.table,
    fromColumn: j.from.column,
    toTable: j.to.table,
    toColumn: j.to.column,
    omega: j.omega,
    semantic: j.semantic,
    jaccard: j.jaccard,
    containment: j.containment,
    jaccardEstimated: j.jaccardEstimated,
    rule: j.rule,
    uniquenessFrom: j.uniquenessFrom,
    uniquenessTo: j.uniquenessTo,
  }));
  await insertChunked(rows, (chunk) => db.insert(indexJoinCandidates).values(chunk));
}

/** Profiles of a generation by schema node id. */
export async function readProfiles(datasetId: string, generation: number): Promise<Map<string, ColumnProfile>> {
  const db = await appDb();
  const rows = await db
    .select()
    .from(indexColumnProfiles)
    .where(and(eq(indexColumnProfiles.datasetId, datasetId), eq(indexColumnProfiles.generation, generation)));
  return new Map(rows.map((r) => [columnKey(r.tableName, r.columnName), r.profile as ColumnProfile]));
}

export async function readJoins(datasetId: string, generation: number): Promise<JoinCandidate[]> {
  const db = await appDb();
  const rows = await db
    .select()
    .from(indexJoinCandidates)
    .where(and(eq(indexJoinCandidates.datasetId, datasetId), eq(indexJoinCandidates.generation, generation)))
    .orderBy(asc(indexJoinCandidates.rank));
  return rows.map((r) => ({
    from: { table: r.fromTable, column: r.fromColumn },
    to: { table: r.toTable, column: r.toColumn },
    omega: r.omega,
    semantic: r.semantic,
    jaccard: r.jaccard,
    containment: r.containment,
    jaccardEstimated: r.jaccardEstimated,
    rule: r.rule as JoinCandidate["rule"],
    uniquenessFrom: r.uniquenessFrom,
    uniquenessTo: r.uniquenessTo,
  }));
}

/** A description as the API shows it: the user's edit when there is one, else the generated text. */
export type { ShownDescription } from "@/lib/core/api/index-status";
import type { ShownDescription } from "@/lib/core/api/index-status";

/** Descriptions keyed by columnKey(table, column), with "" as the column of a table's own. */
export async function readDescriptions(
  datasetId: string,
  generation: number | null,
): Promise<Map<string, ShownDescription>> {
  const db = await appDb();
  const out = new Map<string, ShownDescription>();
  if (generation !== null) {
    const rows = await db
      .select()
      .from(indexDescriptions)
      .where(and(eq(indexDescriptions.datasetId, datasetId), eq(indexDescriptions.generation, generation)));
    for (const r of rows)
      out.set(columnKey(r.tableName, r.columnName), {
        text: r.text,
        edited: false,
        expandedName: r.expandedName,
        generated: r.text,
      });
  }
  for (const e of await db.select().from(descriptionEdits).where(eq(descriptionEdits.datasetId, datasetId))) {
    const key = columnKey(e.tableName, e.columnName);
    const generated = out.get(key);
    out.set(key, {
      text: e.text,
      edited: true,
      expandedName: generated?.expandedName ?? null,
      generated: generated?.generated ?? null,
    });
  }
  return out;
}

/** Stores (text) or removes (null) a user's description of a table (column "") or column. */
export async function writeDescriptionEdit(
  datasetId: string,
  table: string,
  column: string,
  text: string | null,
): Promise<void> {
  const db = await appDb();
  const where = and(
    eq(descriptionEdits.datasetId, datasetId),
    eq(descriptionEdits.tableName, table),
    eq(descriptionEdits.columnName, column),
  );
  if (text === null) await db.delete(descriptionEdits).where(where);
  else {
    const updatedAt = new Date().toISOString();
    await db
      .insert(descriptionEdits)
      .values({ datasetId, tableName: table, columnName: column, text, updatedAt })
      .onConflictDoUpdate({
        target: [descriptionEdits.datasetId, descriptionEdits.tableName, descriptionEdits.columnName],
        set: { text, updatedAt },
      });
  }
  // Retrieval reads descriptions (a user's edit wins): every thread reloads them.
  datasetChanged(datasetId);
}
