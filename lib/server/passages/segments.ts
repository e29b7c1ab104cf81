import "server-only";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import type { TableMeta } from "@/lib/core/model/dataset";
import { segmentId, type Segment } from "@/lib/core/methods/helios/types";
import type { DatasetStorage } from "@/db/schema";
import { datasetFiles, runCheckedSql } from "@/lib/server/sql";
import { gridQueryMs, qualifiedTable } from "@/lib/server/stores/rows";

/** Rows read as segments per dataset; beyond this the rest of the rows are left out, with a note. */
const MAX_SEGMENTS = 50_000;

/**
 * Every row of the dataset's tables (not views) with its header: the table side of G_d. Read in an SQL worker, with a
 * time limit.
 */
export async function readSegments(
  datasetId: string,
  storage: DatasetStorage,
  tables: TableMeta[],
): Promise<{ segments: Segment[]; truncated: boolean }> {
  const segments: Segment[] = [];
  let truncated = false;
  const files = datasetFiles(datasetId, storage);
  for (const t of tables.filter((x) => !x.isView)) {
    const left = MAX_SEGMENTS - segments.length;
    if (left <= 0) {
      truncated = true;
      break;
    }
    const cols = t.columns.map((c) => quoteIdent(c.sqlName)).join(", ");
    const sql = `SELECT rowid, ${cols} FROM ${qualifiedTable(t)} ORDER BY rowid LIMIT ?`;
    const { rows } = await runCheckedSql(files, sql, {
      internal: true,
      params: [left + 1],
      maxRows: left + 1,
      timeoutMs: gridQueryMs() * 6,
    });
    if (rows.length > left) truncated = true;
    const header = t.columns.map((c) => c.name);
    const columns = t.columns.map((c) => c.sqlName);
    for (const r of rows.slice(0, left)) {
      const rowId = Number(r[0]);
      const values = r
        .slice(1)
        .map((v) =>
          v === null || v === undefined
            ? null
            : typeof v === "number" || typeof v === "string"
              ? v
              : typeof v === "bigint"
                ? Number(v)
                : null,
        );
      segments.push({ id: segmentId(t.name, rowId), table: t.name, rowId, header, columns, values });
    }
  }
  return { segments, truncated };
}
