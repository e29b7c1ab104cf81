import "server-only";
import { quoteIdent, toSqlIdentifier, uniqueNames } from "@/lib/core/ingest/identifiers";
import { TypeTally, type StoredValue } from "@/lib/core/ingest/infer-type";
import type { ColumnMeta, ColumnType } from "@/lib/core/model/dataset";
import type { SqliteDb } from "@/lib/server/sqlite/open";

const MAX_ROWS_PER_INSERT = 500;
const MAX_STATEMENT_CHARS = 4_000_000;

/**
 * SQL literal for a stored value. Bulk inserts are sent as literal VALUES lists because libsql's
 * per-parameter binding cost dominated import time (measured: ~1 µs per bound value).
 */
function quote(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

function literal(value: StoredValue): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  // A NUL inside a literal would end the statement early on the C side.
  return value.includes("\u0000") ? value.split("\u0000").map(quote).join("||char(0)||") : quote(value);
}

/**
 * Streams rows into a new table of the dataset's rows file. Columns are created without a declared
 * type so each value keeps the storage class it was given; the type of each column is inferred from
 * every value written and fixed up once at the end.
 */
export class TableWriter {
  readonly sqlColumns: string[];
  private readonly tallies: TypeTally[];
  private readonly insertPrefix: string;
  private pending: string[] = [];
  private pendingChars = 0;
  private rowCount = 0;

  constructor(
    private readonly db: SqliteDb,
    readonly sqlTable: string,
    readonly headers: string[],
  ) {
    this.sqlColumns = sqlColumnsOf(headers);
    this.tallies = headers.map(() => new TypeTally());
    db.exec(createTableSql(sqlTable, this.sqlColumns));
    this.insertPrefix = `INSERT INTO ${quoteIdent(sqlTable)} VALUES `;
  }

  /** Appends a row of already-converted values; its length must equal the header's. */
  push(values: StoredValue[]): void {
    let tuple = "(";
    for (let i = 0; i < values.length; i++) {
      this.tallies[i].add(values[i]);
      tuple += (i ? "," : "") + literal(values[i]);
    }
    tuple += ")";
    this.pending.push(tuple);
    this.pendingChars += tuple.length;
    this.rowCount++;
    if (this.pending.length >= MAX_ROWS_PER_INSERT || this.pendingChars >= MAX_STATEMENT_CHARS) this.flush();
  }

  get rows(): number {
    return this.rowCount;
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.db.exec(this.insertPrefix + this.pending.join(","));
    this.pending = [];
    this.pendingChars = 0;
  }

  /** Writes what is buffered, fixes storage of mixed columns and returns the column metadata. */
  finish(overrides: Partial<Record<number, ColumnType>> = {}): ColumnMeta[] {
    this.flush();
    const { columns, fixups } = resolveColumns(this.sqlTable, this.headers, this.sqlColumns, this.tallies, overrides);
    for (const sql of fixups) this.db.exec(sql);
    return columns;
  }

  /** Lets other requests run between chunks; the rows are already written. */
  ready(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
  }

  /** Nothing to release: the caller's transaction holds what was written. */
  async abort(): Promise<void> {}
}

/** SQL names of a table's columns, unique and safe, from its display headers. */
export function sqlColumnsOf(headers: string[]): string[] {
  return uniqueNames(headers.map((h, i) => toSqlIdentifier(h, `col_${i + 1}`)));
}

/** CREATE TABLE without declared types, so each value keeps the storage class it was given. */
export function createTableSql(sqlTable: string, sqlColumns: string[]): string {
  return `CREATE TABLE ${quoteIdent(sqlTable)} (${sqlColumns.map(quoteIdent).join(", ")})`;
}

/**
 * Each column's type from the tally of every value written, and the UPDATEs that store the numbers
 * of a column that resolved to text as text (so "7" beside "n/a" reads back as written). When the
 * writer knows the last row that holds a number (`numberRows`, rowids of a new table), only rows up
 * to it are rewritten.
 */
export function resolveColumns(
  sqlTable: string,
  headers: string[],
  sqlColumns: string[],
  tallies: TypeTally[],
  overrides: Partial<Record<number, ColumnType>>,
  numberRows?: readonly number[],
): { columns: ColumnMeta[]; fixups: string[] } {
  const fixups: string[] = [];
  const columns = headers.map((name, position) => {
    const tally = tallies[position];
    const type = overrides[position] ?? tally.resolve();
    const upTo = numberRows?.[position];
    if (type === "text" && tally.hasNumbersStoredAsText() && upTo !== 0) {
      const col = quoteIdent(sqlColumns[position]);
      const rows = upTo === undefined ? "" : `rowid <= ${upTo} AND `;
      fixups.push(
        `UPDATE ${quoteIdent(sqlTable)} SET ${col} = CAST(${col} AS TEXT) ` +
          `WHERE ${rows}typeof(${col}) IN ('integer','real')`,
      );
    }
    return { name, sqlName: sqlColumns[position], type, position, isPrimaryKey: false, nullable: tally.nulls > 0 };
  });
  return { columns, fixups };
}
