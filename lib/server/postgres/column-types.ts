import "server-only";
import type pg from "pg";
import { TypeTally, toStoredValue } from "@/lib/core/ingest/infer-type";
import type { ColumnType } from "@/lib/core/model/dataset";

/** Rows of a text column read to judge what it holds, and the time that read may take. */
const SAMPLE_ROWS = 20_000;
const SAMPLE_MS = 1500;
const VALUE_CHARS = 200;

const q = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * Judges text columns by their values, as an upload's SQLite columns are (a text column of
 * numbers is an integer column, of ISO dates a date column): the index and the methods then treat
 * a connected table as they treat the same table uploaded. Declared numeric, date and boolean
 * types are trusted. A sample that does not come back in time leaves the column text.
 */
export async function judgeTextColumns(
  c: pg.PoolClient,
  table: { schema: string; name: string },
  textColumns: string[],
): Promise<Map<string, ColumnType>> {
  const out = new Map<string, ColumnType>();
  if (!textColumns.length) return out;
  const exprs = textColumns.map((col) => `substr(CAST(${q(col)} AS TEXT), 1, ${VALUE_CHARS})`);
  await c.query("SAVEPOINT judge_types");
  try {
    await c.query(`SET LOCAL statement_timeout = ${SAMPLE_MS}`);
    const res = await c.query({
      text: `SELECT ${exprs.join(", ")} FROM ${q(table.schema)}.${q(table.name)} LIMIT ${SAMPLE_ROWS}`,
      rowMode: "array",
    });
    await c.query("RELEASE SAVEPOINT judge_types");
    await c.query("SET LOCAL statement_timeout = 8000");
    textColumns.forEach((col, i) => {
      const tally = new TypeTally();
      for (const row of res.rows as unknown[][]) {
        const value = row[i];
        if (typeof value === "string") tally.add(toStoredValue(value));
      }
      out.set(col, tally.resolve());
    });
  } catch {
    await c.query("ROLLBACK TO SAVEPOINT judge_types");
    await c.query("SET LOCAL statement_timeout = 8000");
  }
  return out;
}
