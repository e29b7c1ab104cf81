import "server-only";
import { ColumnTyping, type NumbersToText } from "@/lib/core/ingest/column-typing";
import { quoteIdent, toSqlIdentifier, uniqueNames } from "@/lib/core/ingest/identifiers";
import { isStoredInteger, numberText, type StoredValue } from "@/lib/core/ingest/infer-type";
import type { ColumnMeta, ColumnType } from "@/lib/core/model/dataset";
import type { SqliteDb } from "@/lib/server/sqlite/open";

// SQLite binds at most 32,766 parameters per statement; ~200 rows a statement was the fastest measured.
const MAX_PARAMS = 32_766;
const ROWS_PER_STATEMENT = 200;
const FIXUP_ROWS = 2000;

/** How a stored value is bound: libsql binds a JS number as REAL, a BigInt as INTEGER. */
function bindable(value: StoredValue): StoredValue | bigint {
  return typeof value === "number" && isStoredInteger(value) ? BigInt(value) : value;
}

/** Rows of one width per INSERT statement, within SQLite's parameter limit. */
export function rowsPerStatement(width: number): number {
  return Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(MAX_PARAMS / Math.max(width, 1))));
}

/** `INSERT INTO t VALUES (?,…),(?,…)…` for `rows` rows of `width` values. */
export function insertSql(sqlTable: string, width: number, rows: number): string {
  const tuple = `(${new Array(width).fill("?").join(",")})`;
  return `INSERT INTO ${quoteIdent(sqlTable)} VALUES ${new Array(rows).fill(tuple).join(",")}`;
}

/**
 * Streams rows into a new table of the dataset's rows file with bound multi-row INSERTs. Columns
 * are created without a declared type so each value keeps the storage class it was given; each
 * column's type is decided by ColumnTyping from every value written and fixed up once at the end.
 */
export class TableWriter {
  readonly sqlColumns: string[];
  readonly typing: ColumnTyping;
  private readonly perStatement: number;
  private readonly statements = new Map<number, ReturnType<SqliteDb["prepare"]>>();
  private params: Array<StoredValue | bigint> = [];
  private pendingRows = 0;
  private rowCount = 0;

  constructor(
    private readonly db: SqliteDb,
    readonly sqlTable: string,
    readonly headers: string[],
  ) {
    this.sqlColumns = sqlColumnsOf(headers);
    this.typing = new ColumnTyping(headers.length);
    this.perStatement = rowsPerStatement(headers.length);
    db.exec(createTableSql(sqlTable, this.sqlColumns));
  }

  /** Appends a row of already-converted values; its length must equal the header's. */
  push(values: StoredValue[]): void {
    this.typing.accept(values);
    for (const value of values) this.params.push(bindable(value));
    this.rowCount++;
    if (++this.pendingRows >= this.perStatement) this.flush();
  }

  get rows(): number {
    return this.rowCount;
  }

  private flush(): void {
    if (this.pendingRows === 0) return;
    let statement = this.statements.get(this.pendingRows);
    if (!statement) {
      statement = this.db.prepare(insertSql(this.sqlTable, this.headers.length, this.pendingRows));
      this.statements.set(this.pendingRows, statement);
    }
    statement.run(this.params);
    this.params = [];
    this.pendingRows = 0;
  }

  /** Writes what is buffered, stores the numbers of text columns as text and returns the column metadata. */
  async finish(): Promise<ColumnMeta[]> {
    this.flush();
    const { types, numbersToText } = this.typing.resolve();
    await storeNumbersAsText(this.db, this.sqlTable, this.sqlColumns, numbersToText);
    return columnMetas(this.headers, this.sqlColumns, types, this.typing);
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

/** The metadata of each column once its type is known. */
export function columnMetas(
  headers: string[],
  sqlColumns: string[],
  types: ColumnType[],
  typing: ColumnTyping,
): ColumnMeta[] {
  return headers.map((name, position) => ({
    name,
    sqlName: sqlColumns[position],
    type: types[position],
    position,
    isPrimaryKey: false,
    nullable: typing.tallies[position].nulls > 0,
  }));
}

/**
 * Stores the numbers written before a column turned out to be text as the text they were read
 * from, so a text column holds only TEXT. SQLite prints an INTEGER exactly, but a REAL with 15
 * digits only, so reals are rewritten from here with `numberText`. Runs on a new table (rowid =
 * row number), in chunks that let other requests run.
 */
export async function storeNumbersAsText(
  db: SqliteDb,
  sqlTable: string,
  sqlColumns: string[],
  numbersToText: NumbersToText[],
): Promise<void> {
  const table = quoteIdent(sqlTable);
  for (const { column, upToRow } of numbersToText) {
    const col = quoteIdent(sqlColumns[column]);
    db.exec(
      `UPDATE ${table} SET ${col} = CAST(${col} AS TEXT) WHERE rowid <= ${upToRow} AND typeof(${col}) = 'integer'`,
    );
    const reals = db
      .prepare(
        `SELECT rowid, ${col} FROM ${table} WHERE rowid > ? AND rowid <= ? AND typeof(${col}) = 'real' ` +
          `ORDER BY rowid LIMIT ${FIXUP_ROWS}`,
      )
      .raw(true);
    const update = db.prepare(`UPDATE ${table} SET ${col} = ? WHERE rowid = ?`);
    for (let after = 0; ; ) {
      const rows = reals.all([after, upToRow]) as Array<[number, number]>;
      for (const [rowid, value] of rows) update.run([numberText(value), rowid]);
      if (rows.length < FIXUP_ROWS) break;
      after = rows[rows.length - 1][0];
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
