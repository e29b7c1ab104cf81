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
    this.sqlColumns = uniqueNames(headers.map((h, i) => toSqlIdentifier(h, `col_${i + 1}`)));
    this.tallies = headers.map(() => new TypeTally());
    db.exec(`CREATE TABLE ${quoteIdent(sqlTable)} (${this.sqlColumns.map(quoteIdent).join(", ")})`);
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
    return this.headers.map((name, position) => {
      const tally = this.tallies[position];
      const type = overrides[position] ?? tally.resolve();
      if (type === "text" && tally.hasNumbersStoredAsText()) {
        const col = quoteIdent(this.sqlColumns[position]);
        this.db.exec(
          `UPDATE ${quoteIdent(this.sqlTable)} SET ${col} = CAST(${col} AS TEXT) WHERE typeof(${col}) ` +
            `IN ('integer','real')`,
        );
      }
      return {
        name,
        sqlName: this.sqlColumns[position],
        type,
        position,
        isPrimaryKey: false,
        nullable: tally.nulls > 0,
      };
    });
  }
}
