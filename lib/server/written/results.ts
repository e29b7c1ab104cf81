import "server-only";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import { formatWritten } from "@/lib/core/ingest/written-number";
import type { ColumnMeta, TableMeta } from "@/lib/core/model/dataset";
import type { WrittenCell } from "@/lib/core/trace";
import { runCheckedSql, type SqlCell, type SqlLane } from "@/lib/server/sql";
import type { ColumnOrigin, QueryMessage } from "@/lib/server/sql/worker-protocol";
import { hasWrittenText, WRITTEN_TABLE } from "./store";

/** Most distinct numbers of one result column whose kept texts are looked up. */
const MAX_LOOKUP = 1000;

/** The stored column a result column reads unchanged, when it has a written form or kept texts. */
function writtenColumnOf(
  tables: readonly TableMeta[],
  origin: ColumnOrigin | null,
): { table: TableMeta; column: ColumnMeta } | null {
  if (origin?.database.toLowerCase() !== "main") return null;
  const table = tables.find((t) => hasWrittenText(t) && t.sqlName.toLowerCase() === origin.table.toLowerCase());
  const column = table?.columns.find((c) => c.sqlName.toLowerCase() === origin.column.toLowerCase());
  return table && column?.written ? { table, column } : null;
}

/**
 * Per number of a column, its kept text when every cell holding that number keeps the same one (a
 * number written two ways in the column is shown in the column's form). One read of the table,
 * in an SQL worker within the grid's time limit; nothing when it fails.
 */
async function keptByValue(
  files: QueryMessage["files"],
  table: TableMeta,
  column: ColumnMeta,
  values: number[],
  lane: SqlLane,
  signal?: AbortSignal,
): Promise<Map<number, string>> {
  const q = quoteIdent(column.sqlName);
  const sql =
    `SELECT t.${q}, w.text, count(*) FROM main.${quoteIdent(table.sqlName)} AS t LEFT JOIN main.` +
    `${quoteIdent(WRITTEN_TABLE)} AS w ON w.tbl = ? AND w.col = ? AND w.row = t.rowid ` +
    `WHERE t.${q} IN (${values.map(() => "?").join(",")}) GROUP BY t.${q}, w.text`;
  const out = new Map<number, string>();
  try {
    const { rows } = await runCheckedSql(files, sql, {
      internal: true,
      params: [table.sqlName, column.sqlName, ...values],
      maxRows: 10 * MAX_LOOKUP,
      pool: lane,
      signal,
    });
    const ways = new Map<number, Array<string | null>>();
    for (const [value, text] of rows) {
      if (typeof value !== "number") continue;
      ways.set(value, [...(ways.get(value) ?? []), typeof text === "string" ? text : null]);
    }
    for (const [value, texts] of ways) if (texts.length === 1 && texts[0] !== null) out.set(value, texts[0]);
  } catch {
    // The column's form still applies; only the cells it does not print show as stored.
  }
  return out;
}

/**
 * The cells of a result that read a stored number unchanged (`origins`: the SQL worker's column
 * metadata), as the file wrote them: `[row, column, text]` where that text differs from how the
 * number prints. An aggregate or an expression is not a stored cell and shows as computed.
 */
export async function writtenCells(
  tables: readonly TableMeta[],
  files: QueryMessage["files"],
  result: { origins?: Array<ColumnOrigin | null>; rows: ReadonlyArray<ReadonlyArray<SqlCell | boolean>> },
  options: { lane: SqlLane; signal?: AbortSignal },
): Promise<WrittenCell[]> {
  const cells: WrittenCell[] = [];
  if (!result.origins || files.postgres) return cells;
  for (const [j, origin] of result.origins.entries()) {
    const found = writtenColumnOf(tables, origin);
    if (!found) continue;
    const numbers = [...new Set(result.rows.map((r) => r[j]).filter((v): v is number => typeof v === "number"))];
    if (numbers.length === 0) continue;
    const kept = found.column.written?.kept
      ? await keptByValue(files, found.table, found.column, numbers.slice(0, MAX_LOOKUP), options.lane, options.signal)
      : new Map<number, string>();
    const form = found.column.written;
    result.rows.forEach((row, r) => {
      const value = row[j];
      if (typeof value !== "number") return;
      const text = kept.get(value) ?? (form?.decimals || form?.grouping ? formatWritten(value, form) : null);
      if (text !== null && text !== String(value)) cells.push([r, j, text]);
    });
  }
  return cells.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}
