import "server-only";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import { TypeTally, toStoredValue, typeFromDeclared } from "@/lib/core/ingest/infer-type";
import type { ColumnType } from "@/lib/core/model/dataset";
import { runCheckedSql, SqlTimeoutError, type GuardedQueryOptions, type SqlCell } from "@/lib/server/sql";
import type { ImportBudgets } from "./budgets";

// Reads of an uploaded SQLite file for its import. Every one runs in an SQL worker process with a
// hard time limit (and, where rows are stepped, a row budget and a soft time budget), so a view
// that never ends or explodes costs its budget and nothing else: the event loop never waits on it.

export type SqliteFiles = { main: string; attachments: [] };
export type SchemaObject = { name: string; type: "table" | "view" | "virtual" | "shadow" };
export type ColumnInfo = { name: string; type: string; notnull: number; pk: number };
export type ForeignKeyInfo = { id: number; seq: number; table: string; from: string; to: string | null };

const TYPE_VALUE_CHARS = 200;
/** An import may wait this long for a free SQL worker (answers may hold them): waiting is not the file's cost. */
const QUEUE_MS = 120_000;

export const filesOf = (copyPath: string): SqliteFiles => ({ main: copyPath, attachments: [] });

async function rows(files: SqliteFiles, sql: string, options: GuardedQueryOptions): Promise<SqlCell[][]> {
  return (await runCheckedSql(files, sql, { maxRows: 1_000_000, internal: true, queueMs: QUEUE_MS, ...options })).rows;
}

/** SQLite's own quick integrity check: "ok" or its first complaint. */
export async function quickCheck(files: SqliteFiles, budgets: ImportBudgets): Promise<string> {
  const [row] = await rows(files, "PRAGMA quick_check(1)", { timeoutMs: budgets.tableCountMs, maxRows: 1 });
  return String(row?.[0] ?? "no answer");
}

/** Tables, virtual tables, their shadow tables and views, in file order (views last). */
export async function listObjects(files: SqliteFiles, budgets: ImportBudgets): Promise<SchemaObject[]> {
  const found = await rows(
    files,
    "SELECT l.name, l.type FROM pragma_table_list AS l JOIN sqlite_schema AS s ON s.name = l.name WHERE l.schema " +
      "= 'main' AND l.type IN ('table', 'view', 'virtual', 'shadow') AND l.name NOT LIKE 'sqlite\\_%' ESCAPE " +
      "'\\' ORDER BY l.type = 'view', s.rowid",
    { timeoutMs: budgets.queryMs },
  );
  return found.map(([name, type]) => ({ name: String(name), type: type as SchemaObject["type"] }));
}

/** Columns of one table or view (generated columns included, hidden virtual-table columns not). */
export async function columnsOf(files: SqliteFiles, name: string, budgets: ImportBudgets): Promise<ColumnInfo[]> {
  const found = await rows(files, 'SELECT name, type, "notnull", pk FROM pragma_table_xinfo(?) WHERE hidden != 1', {
    timeoutMs: budgets.queryMs,
    params: [name],
  });
  return found.map(([n, type, notnull, pk]) => ({
    name: String(n),
    type: String(type ?? ""),
    notnull: Number(notnull),
    pk: Number(pk),
  }));
}

export async function foreignKeysOf(
  files: SqliteFiles,
  name: string,
  budgets: ImportBudgets,
): Promise<ForeignKeyInfo[]> {
  const found = await rows(files, 'SELECT id, seq, "table", "from", "to" FROM pragma_foreign_key_list(?)', {
    timeoutMs: budgets.queryMs,
    params: [name],
  });
  return found.map(([id, seq, table, from, to]) => ({
    id: Number(id),
    seq: Number(seq),
    table: String(table),
    from: String(from),
    to: to === null ? null : String(to),
  }));
}

export async function primaryKeyOf(files: SqliteFiles, table: string, budgets: ImportBudgets): Promise<string[]> {
  const found = await rows(files, "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", {
    timeoutMs: budgets.queryMs,
    params: [table],
  });
  return found.map(([n]) => String(n));
}

/**
 * Counts a table exactly; counts a view by stepping its rows until its row or time budget is
 * spent, and then says the count was cut. A view whose first row does not come within the hard
 * limit throws SqlTimeoutError (the caller skips it with a note).
 */
export async function countRows(
  files: SqliteFiles,
  obj: SchemaObject,
  budgets: ImportBudgets,
): Promise<{ rowCount: number; cut: boolean }> {
  const from = quoteIdent(obj.name);
  if (obj.type !== "view") {
    const [row] = await rows(files, `SELECT count(*) FROM ${from}`, { timeoutMs: budgets.tableCountMs, maxRows: 1 });
    return { rowCount: Number(row?.[0] ?? 0), cut: false };
  }
  const counted = await runCheckedSql(files, `SELECT 1 FROM ${from}`, {
    countOnly: true,
    internal: true,
    queueMs: QUEUE_MS,
    maxRows: budgets.viewCountRows,
    budgetMs: budgets.viewCountMs,
    timeoutMs: budgets.viewCountMs + budgets.queryMs,
  });
  return { rowCount: counted.rowCount, cut: counted.stoppedBy !== null };
}

/** Trusts declared numeric, boolean and date types; text and untyped columns are judged by a sample of their values. */
export async function columnType(
  files: SqliteFiles,
  obj: SchemaObject,
  column: ColumnInfo,
  budgets: ImportBudgets,
): Promise<ColumnType> {
  const declared = typeFromDeclared(column.type);
  if (declared && declared !== "text") return declared;
  const col = quoteIdent(column.name);
  // Long text cannot be a number or a date: the worker sends only its head; of a blob, only its kind.
  const expr =
    `typeof(${col}), CASE typeof(${col}) WHEN 'text' THEN substr(${col}, 1, ${TYPE_VALUE_CHARS}) ` +
    `WHEN 'blob' THEN NULL ELSE ${col} END`;
  const tally = new TypeTally();
  let blobs = 0;
  try {
    const sample = await runCheckedSql(files, `SELECT ${expr} FROM ${quoteIdent(obj.name)} WHERE ${col} IS NOT NULL`, {
      maxRows: budgets.typeSample,
      internal: true,
      queueMs: QUEUE_MS,
      budgetMs: budgets.viewCountMs,
      timeoutMs: budgets.viewCountMs + budgets.queryMs,
    });
    for (const [kind, value] of sample.rows) {
      if (kind === "blob") blobs++;
      else if (typeof value === "string") tally.add(toStoredValue(value));
      else if (typeof value === "number") tally.add(value);
      else tally.texts++;
    }
  } catch (err) {
    // A view that yields no row in time is judged by its declared type alone.
    if (!(err instanceof SqlTimeoutError)) throw err;
  }
  // Mostly bytes (an untyped column of pictures): binary, shown as sizes, never read as text.
  const values = blobs + tally.texts + tally.integers + tally.reals + tally.dates + tally.booleans;
  if (blobs > 0 && blobs * 2 >= values) return "binary";
  return tally.resolve();
}
