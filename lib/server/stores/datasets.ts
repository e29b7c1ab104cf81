import "server-only";
import { asc, desc, eq } from "drizzle-orm";
import { datasetColumns, datasets, datasetTables, type DatasetStorage } from "@/db/schema";
import { z } from "zod";
import {
  columnTypeSchema,
  columnTypingSchema,
  csvDialectSchema,
  foreignKeySchema,
  sheetLayoutSchema,
  tableSourceSchema,
  writtenColumnSchema,
} from "@/lib/core/model/dataset";
import type { DatasetDetail, DatasetSummary, TableMeta } from "@/lib/core/model/dataset";
import { appDb } from "@/lib/server/db/app-db";
import { notFound } from "@/lib/server/http/not-found";

type DatasetRow = typeof datasets.$inferSelect;

function toSummary(row: DatasetRow): DatasetSummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    sizeBytes: row.sizeBytes,
    tableCount: row.tableCount,
    rowCount: row.rowCount,
  };
}

const foreignKeysSchema = z.array(foreignKeySchema);
const layoutSchema = sheetLayoutSchema.nullable();
/** All datasets, newest first. */
export async function listDatasets(): Promise<DatasetSummary[]> {
  const db = await appDb();
  const rows = await db.select().from(datasets).orderBy(desc(datasets.createdAt));
  return rows.map(toSummary);
}

// Datasets loaded by this thread; tests count them (a question loads its dataset once).
let loads = 0;

/** How many times this thread has loaded a dataset's detail. */
export function datasetLoadCount(): number {
  return loads;
}

/** One dataset with its tables and columns, or a 404 naming it (what a route or a run needs). */
export async function loadDataset(id: string): Promise<DatasetDetail & { storage: DatasetStorage }> {
  const dataset = await getDataset(id);
  if (!dataset) throw notFound("dataset", id);
  return dataset;
}

/** One dataset with its tables and columns, or null. */
export async function getDataset(id: string): Promise<(DatasetDetail & { storage: DatasetStorage }) | null> {
  loads++;
  const db = await appDb();
  const [row] = await db.select().from(datasets).where(eq(datasets.id, id));
  if (!row) return null;
  const tables = await db
    .select()
    .from(datasetTables)
    .where(eq(datasetTables.datasetId, id))
    .orderBy(asc(datasetTables.position));
  const columns = await db
    .select()
    .from(datasetColumns)
    .where(eq(datasetColumns.datasetId, id))
    .orderBy(asc(datasetColumns.tablePosition), asc(datasetColumns.position));
  const metas: TableMeta[] = tables.map((t) => ({
    name: t.name,
    sqlName: t.sqlName,
    schemaName: t.schemaName,
    source: tableSourceSchema.parse(t.source),
    sourceFile: t.sourceFile,
    isView: t.isView,
    rowCount: t.rowCount,
    rowCountCut: t.rowCountCut,
    // Stored JSON is parsed, not cast: a row written by another version fails here, by name.
    foreignKeys: foreignKeysSchema.parse(t.foreignKeys),
    layout: layoutSchema.parse(t.layout ?? null),
    notes: t.notes,
    ...(t.dialect ? { dialect: csvDialectSchema.parse(t.dialect) } : {}),
    ...(t.sourceKey ? { sourceKey: t.sourceKey } : {}),
    columns: columns
      .filter((c) => c.tablePosition === t.position)
      .map((c) => ({
        name: c.name,
        sqlName: c.sqlName,
        type: columnTypeSchema.parse(c.type),
        position: c.position,
        isPrimaryKey: c.isPrimaryKey,
        nullable: c.nullable,
        ...(c.written ? { written: writtenColumnSchema.parse(c.written) } : {}),
        ...(c.typing ? { typing: columnTypingSchema.parse(c.typing) } : {}),
      })),
  }));
  return { ...toSummary(row), notes: row.notes, tables: metas, storage: row.storage };
}

/** Records a fully imported dataset in one transaction, so it appears whole or not at all. */
export async function insertDataset(input: {
  id: string;
  name: string;
  sizeBytes: number;
  storage: DatasetStorage;
  tables: TableMeta[];
  notes: string[];
}): Promise<void> {
  const db = await appDb();
  await db.transaction(async (tx) => {
    await tx.insert(datasets).values({
      id: input.id,
      name: input.name,
      sizeBytes: input.sizeBytes,
      tableCount: input.tables.length,
      rowCount: input.tables.reduce((n, t) => n + t.rowCount, 0),
      storage: input.storage,
      notes: input.notes,
    });
    await insertTables(tx, input.id, input.tables);
  });
}

/**
 * Replaces a dataset's tables and columns with a fresh reading (a connected database's catalog,
 * re-read), in one transaction.
 */
export async function replaceDatasetTables(id: string, tables: TableMeta[], sizeBytes: number): Promise<void> {
  const db = await appDb();
  await db.transaction(async (tx) => {
    await tx.delete(datasetColumns).where(eq(datasetColumns.datasetId, id));
    await tx.delete(datasetTables).where(eq(datasetTables.datasetId, id));
    await tx
      .update(datasets)
      .set({ sizeBytes, tableCount: tables.length, rowCount: tables.reduce((n, t) => n + t.rowCount, 0) })
      .where(eq(datasets.id, id));
    await insertTables(tx, id, tables);
  });
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof appDb>>["transaction"]>[0]>[0];

async function insertTables(tx: Tx, datasetId: string, tables: TableMeta[]): Promise<void> {
  for (const [position, t] of tables.entries()) {
    await tx.insert(datasetTables).values({
      datasetId: datasetId,
      position,
      name: t.name,
      sqlName: t.sqlName,
      schemaName: t.schemaName,
      source: t.source,
      sourceFile: t.sourceFile,
      isView: t.isView,
      rowCount: t.rowCount,
      rowCountCut: t.rowCountCut ?? false,
      foreignKeys: t.foreignKeys,
      layout: t.layout,
      notes: t.notes,
      dialect: t.dialect ?? null,
      sourceKey: t.sourceKey ?? null,
    });
    const cols = t.columns.map((c) => ({
      datasetId: datasetId,
      tablePosition: position,
      position: c.position,
      name: c.name,
      sqlName: c.sqlName,
      type: c.type,
      isPrimaryKey: c.isPrimaryKey,
      nullable: c.nullable,
      written: c.written ?? null,
      typing: c.typing ?? null,
    }));
    // Chunked: a 2,000-column table would exceed SQLite's bound-parameter limit in one statement.
    for (let i = 0; i < cols.length; i += 200) await tx.insert(datasetColumns).values(cols.slice(i, i + 200));
  }
}

/** Renames a dataset; returns the updated summary or null when it does not exist. */
export async function renameDataset(id: string, name: string): Promise<DatasetSummary | null> {
  const db = await appDb();
  const [row] = await db.update(datasets).set({ name }).where(eq(datasets.id, id)).returning();
  return row ? toSummary(row) : null;
}

/** Removes a dataset's metadata; returns false when it did not exist. */
export async function deleteDatasetRecord(id: string): Promise<boolean> {
  const db = await appDb();
  return db.transaction(async (tx) => {
    await tx.delete(datasetColumns).where(eq(datasetColumns.datasetId, id));
    await tx.delete(datasetTables).where(eq(datasetTables.datasetId, id));
    const gone = await tx.delete(datasets).where(eq(datasets.id, id)).returning({ id: datasets.id });
    return gone.length > 0;
  });
}

/** Ids of every dataset on record (for cleaning up orphaned directories). */
export async function datasetIds(): Promise<Set<string>> {
  const db = await appDb();
  const rows = await db.select({ id: datasets.id }).from(datasets);
  return new Set(rows.map((r) => r.id));
}

export function tableByName(detail: DatasetDetail, name: string): TableMeta | undefined {
  return (
    detail.tables.find((t) => t.name === name) ?? detail.tables.find((t) => t.name.toLowerCase() === name.toLowerCase())
  );
}
