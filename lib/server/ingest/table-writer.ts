import "server-only";
import { ColumnTyping, type TypingResult } from "@/lib/core/ingest/column-typing";
import { quoteIdent, toSqlIdentifier, uniqueNames } from "@/lib/core/ingest/identifiers";
import { isStoredInteger, type StoredValue } from "@/lib/core/ingest/infer-type";
import type { ColumnMeta } from "@/lib/core/model/dataset";
import type { SqliteDb } from "@/lib/server/sqlite/open";
import { applyWrittenFixes, keptCounts } from "@/lib/server/written/fixes";
import { CREATE_WRITTEN_TABLE, insertWrittenSql, WRITTEN_TABLE } from "@/lib/server/written/store";

// SQLite binds at most 32,766 parameters per statement; ~200 rows a statement was the fastest measured.
const MAX_PARAMS = 32_766;
const ROWS_PER_STATEMENT = 200;
const KEPT_PER_STATEMENT = 200;

/**
 * How a stored value is bound: libsql binds a JS number as REAL, a BigInt as INTEGER. A whole
 * number the file wrote as a decimal ("5.0") stays REAL, so that SQL divides it as one.
 */
function bindable(value: StoredValue, wholeReal: number): StoredValue | bigint {
  return typeof value === "number" && wholeReal === 0 && isStoredInteger(value) ? BigInt(value) : value;
}

/** Rows of one width per INSERT statement, within SQLite's parameter limit. */
function rowsPerStatement(width: number): number {
  return Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(MAX_PARAMS / Math.max(width, 1))));
}

/** `INSERT INTO t VALUES (?,…),(?,…)…` for `rows` rows of `width` values. */
function insertSql(sqlTable: string, width: number, rows: number): string {
  const tuple = `(${new Array(width).fill("?").join(",")})`;
  return `INSERT INTO ${quoteIdent(sqlTable)} VALUES ${new Array(rows).fill(tuple).join(",")}`;
}

/**
 * Streams rows into a new table of the dataset's rows file with bound multi-row INSERTs. Columns
 * are created without a declared type so each value keeps the storage class it was given; each
 * column's type is decided by ColumnTyping from every value written and fixed up once at the end.
 * The texts ColumnTyping keeps beside their values go to the `_written_text` table as they come.
 */
export class TableWriter {
  readonly sqlColumns: string[];
  readonly typing: ColumnTyping;
  private readonly perStatement: number;
  private readonly statements = new Map<number, ReturnType<SqliteDb["prepare"]>>();
  private params: Array<StoredValue | bigint> = [];
  private pendingRows = 0;
  private rowCount = 0;
  private kept: Array<string | number> = [];

  constructor(
    private readonly db: SqliteDb,
    readonly sqlTable: string,
    readonly headers: string[],
  ) {
    this.sqlColumns = sqlColumnsOf(headers);
    this.typing = new ColumnTyping(headers.length);
    this.perStatement = rowsPerStatement(headers.length);
    db.exec(createTableSql(sqlTable, this.sqlColumns));
    db.exec(CREATE_WRITTEN_TABLE);
    // A re-import replaces the table: the texts kept of its earlier rows go with it.
    db.prepare(`DELETE FROM ${quoteIdent(WRITTEN_TABLE)} WHERE tbl = ?`).run([sqlTable]);
  }

  /** Appends a row of already-converted values; its length must equal the header's. */
  push(values: StoredValue[]): void {
    const { typing } = this;
    typing.accept(values);
    const wholeReal = typing.wholeReal;
    for (let i = 0; i < values.length; i++) this.params.push(bindable(values[i], wholeReal[i]));
    this.rowCount++;
    for (let k = 0; k < typing.keptCount; k++)
      this.kept.push(this.sqlTable, this.sqlColumns[typing.keptColumns[k]], this.rowCount, typing.keptTexts[k]);
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
    this.flushKept();
  }

  private flushKept(): void {
    for (let from = 0; from < this.kept.length; from += 4 * KEPT_PER_STATEMENT) {
      const part = this.kept.slice(from, from + 4 * KEPT_PER_STATEMENT);
      this.db.prepare(insertWrittenSql(part.length / 4)).run(part);
    }
    this.kept = [];
  }

  /** Writes what is buffered, applies the typing's fixes and returns the column metadata. */
  async finish(): Promise<ColumnMeta[]> {
    this.flush();
    const typed = this.typing.resolve();
    await applyWrittenFixes(this.db, this.sqlTable, this.sqlColumns, typed.fixes);
    return columnMetas(this.headers, this.sqlColumns, typed, this.typing, keptCounts(this.db, this.sqlTable));
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

/** The metadata of each column once its type is known: its type, written form and report line. */
export function columnMetas(
  headers: string[],
  sqlColumns: string[],
  typed: TypingResult,
  typing: ColumnTyping,
  kept: ReadonlyMap<string, number>,
): ColumnMeta[] {
  return headers.map((name, position) => {
    const sqlName = sqlColumns[position];
    const form = typed.forms[position];
    const keptCells = kept.get(sqlName) ?? 0;
    return {
      name,
      sqlName,
      type: typed.types[position],
      position,
      isPrimaryKey: false,
      nullable: typing.nullable(position),
      ...(form || keptCells ? { written: { ...form, kept: keptCells } } : {}),
      typing: typed.reports[position],
    };
  });
}
