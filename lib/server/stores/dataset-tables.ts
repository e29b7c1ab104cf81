import "server-only";
import { and, eq } from "drizzle-orm";
import { datasetColumns, datasets, datasetTables } from "@/db/schema";
import type { TableMeta } from "@/lib/core/model/dataset";
import { appDb } from "@/lib/server/db/app-db";

/**
 * Replaces one table's metadata after it was re-imported (new header, columns and row count), in
 * one transaction, and keeps the dataset's row total in step. Returns false when the table is gone.
 */
export async function replaceTableMeta(datasetId: string, tableName: string, meta: TableMeta): Promise<boolean> {
  const db = await appDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(datasetTables)
      .where(and(eq(datasetTables.datasetId, datasetId), eq(datasetTables.name, tableName)));
    if (!row) return false;
    await tx
      .update(datasetTables)
      .set({
        rowCount: meta.rowCount,
        layout: meta.layout,
        notes: meta.notes,
        dialect: meta.dialect ?? null,
        sourceKey: meta.sourceKey ?? row.sourceKey,
      })
      .where(and(eq(datasetTables.datasetId, datasetId), eq(datasetTables.position, row.position)));
    await tx
      .delete(datasetColumns)
      .where(and(eq(datasetColumns.datasetId, datasetId), eq(datasetColumns.tablePosition, row.position)));
    const cols = meta.columns.map((c) => ({
      datasetId,
      tablePosition: row.position,
      position: c.position,
      name: c.name,
      sqlName: c.sqlName,
      type: c.type,
      isPrimaryKey: c.isPrimaryKey,
      nullable: c.nullable,
      written: c.written ?? null,
      typing: c.typing ?? null,
    }));
    for (let i = 0; i < cols.length; i += 200) await tx.insert(datasetColumns).values(cols.slice(i, i + 200));
    const all = await tx
      .select({ rowCount: datasetTables.rowCount })
      .from(datasetTables)
      .where(eq(datasetTables.datasetId, datasetId));
    await tx
      .update(datasets)
      .set({ rowCount: all.reduce((n, t) => n + t.rowCount, 0) })
      .where(eq(datasets.id, datasetId));
    return true;
  });
}
