import "server-only";
import { quoteIdent, toSqlIdentifier, uniqueNames } from "@/lib/core/ingest/identifiers";
import { TypeTally, type StoredValue } from "@/lib/core/ingest/infer-type";
import type { ColumnMeta, ColumnType } from "@/lib/core/model/dataset";
import type { SqliteDb } from "@/lib/server/sqlite/open";

const MAX_PARAMS = 30000;

type InsertStatement = { run: (...values: Array<StoredValue | bigint>) => unknown };
const MAX_ROWS_PER_INSERT = 100;

/**
 * Streams rows into a new table of the dataset's rows file. Columns are created without a declared
 * type so each value keeps the storage class it was given; the type of each column is inferred from
 * every value written and fixed up once at the end.
 */
export class TableWriter {
  readonly sqlColumns: string[];
  private readonly tallies: TypeTally[];
  private readonly buffer: Array<StoredValue | bigint> = [];
  private readonly rowsPerInsert: number;
  private readonly batchInsert: InsertStatement;
  private rowCount = 0;

  constructor(
    private readonly db: SqliteDb,
    readonly sqlTable: string,
    readonly headers: string[],
  ) {
    this.sqlColumns = uniqueNames(headers.map((h, i) => toSqlIdentifier(h, `col_${i + 1}`)));
    this.tallies = headers.map(() => new TypeTally());
    const cols = this.sqlColumns.map(quoteIdent).join(", ");
    db.exec(`CREATE TABLE ${quoteIdent(sqlTable)} (${cols})`);
    this.rowsPerInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMS / Math.max(1, headers.length))));
    this.batchInsert = this.prepareInsert(this.rowsPerInsert);
  }

  private prepareInsert(rows: number): InsertStatement {
    const one = `(${this.headers.map(() => "?").join(", ")})`;
    const values = Array.from({ length: rows }, () => one).join(", ");
    return this.db.prepare<Array<StoredValue | bigint>>(`INSERT INTO ${quoteIdent(this.sqlTable)} VALUES ${values}`);
  }

  /** Appends a row of already-converted values; its length must equal the header's. */
  push(values: StoredValue[]): void {
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      this.tallies[i].add(v);
      // libsql binds every JS number as REAL; integers go in as BigInt so they are stored as INTEGER.
      this.buffer.push(typeof v === "number" && Number.isInteger(v) ? BigInt(v) : v);
    }
    this.rowCount++;
    if (this.buffer.length >= this.rowsPerInsert * this.headers.length) this.flush();
  }

  get rows(): number {
    return this.rowCount;
  }

  private flush(): void {
    const width = this.headers.length;
    const fullRows = Math.floor(this.buffer.length / width);
    if (fullRows === this.rowsPerInsert) this.batchInsert.run(...this.buffer);
    else if (fullRows > 0) this.prepareInsert(fullRows).run(...this.buffer);
    this.buffer.length = 0;
  }

  /** Writes what is buffered, fixes storage of mixed columns and returns the column metadata. */
  finish(overrides: Partial<Record<number, ColumnType>> = {}): ColumnMeta[] {
    this.flush();
    return this.headers.map((name, position) => {
      const tally = this.tallies[position];
      const type = overrides[position] ?? tally.resolve();
      if (type === "text" && tally.hasNumbersStoredAsText()) {
        const col = quoteIdent(this.sqlColumns[position]);
        this.db.exec(`UPDATE ${quoteIdent(this.sqlTable)} SET ${col} = CAST(${col} AS TEXT) WHERE typeof(${col}) IN ('integer','real')`);
      }
      return { name, sqlName: this.sqlColumns[position], type, position, isPrimaryKey: false, nullable: tally.nulls > 0 };
    });
  }
}
