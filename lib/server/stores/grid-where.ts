import "server-only";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { GridFilter } from "@/lib/core/model/grid-filter";
import { HttpError } from "@/lib/server/http/errors";
import type { SqlParam } from "@/lib/server/sql";
import { newReading, readWrittenNumber } from "@/lib/core/ingest/written-number";

/** A WHERE clause (with its leading keyword, or empty) and its bound parameters. */
export type GridWhere = { sql: string; params: SqlParam[] };

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The WHERE clause of a filtered grid read. Every value is a bound parameter; a column is named
 * only after it is found in the table. `eq` on a number column compares numbers when the text is
 * one as files write them, so "3", "3.0" and "1,234.50" find 3, 3 and 1234.5; otherwise values are
 * compared as the text the user gave.
 */
export function gridWhere(table: TableMeta, filters: readonly GridFilter[]): GridWhere {
  const parts: string[] = [];
  const params: SqlParam[] = [];
  for (const f of filters) {
    const column = table.columns.find((c) => c.sqlName === f.column);
    if (!column)
      throw new HttpError("unknown_column", `Table "${table.name}" has no column "${f.column}" to filter on.`, 400);
    if (column.type === "binary")
      throw new HttpError("bad_filter", `"${column.name}" holds binary data; it cannot be filtered by text.`, 400);
    const q = quoteIdent(column.sqlName);
    if (f.op === "null") parts.push(`${q} IS NULL`);
    else if (f.op === "has") {
      parts.push(`lower(CAST(${q} AS TEXT)) LIKE ? ESCAPE '\\'`);
      params.push(likePattern(f.value));
    } else {
      const reading = newReading();
      const numeric = (column.type === "integer" || column.type === "real") && readWrittenNumber(f.value, reading);
      parts.push(`${q} = ?`);
      params.push(numeric ? reading.value : f.value);
    }
  }
  return { sql: parts.length ? ` WHERE ${parts.join(" AND ")}` : "", params };
}
