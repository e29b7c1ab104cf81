import "server-only";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import { formatWritten } from "@/lib/core/ingest/written-number";
import type { ColumnMeta, TableMeta } from "@/lib/core/model/dataset";

/**
 * The rows file's table of written texts: one row per cell whose text the column's written form
 * does not give (`+3`, ` 42`, `1.50` among `2.25`, `NA` in a column of numbers, a cell of only
 * spaces), keyed by table, column (SQL names) and rowid. Its name starts with an underscore, which
 * no imported table's SQL name can (identifiers.ts), and the SQL guard lets no statement read it.
 */
export const WRITTEN_TABLE = "_written_text";

export const CREATE_WRITTEN_TABLE =
  `CREATE TABLE IF NOT EXISTS ${quoteIdent(WRITTEN_TABLE)} (tbl TEXT NOT NULL, col TEXT NOT NULL, ` +
  "row INTEGER NOT NULL, text TEXT NOT NULL, PRIMARY KEY (tbl, col, row)) WITHOUT ROWID";

/** `INSERT INTO _written_text VALUES (?,?,?,?),…` for `rows` cells. */
export function insertWrittenSql(rows: number): string {
  const tuples = new Array(rows).fill("(?,?,?,?)").join(",");
  return `INSERT INTO ${quoteIdent(WRITTEN_TABLE)} (tbl, col, row, text) VALUES ${tuples}`;
}

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** True when some column of a stored table may show a text other than its stored value. */
export function hasWrittenText(table: TableMeta): boolean {
  return !table.isView && table.schemaName === "main" && table.columns.some((c) => c.written);
}

/** The columns (by position) whose cells may have a kept text, in order. */
export function keptColumns(table: TableMeta): number[] {
  if (!hasWrittenText(table)) return [];
  return table.columns.flatMap((c, i) => (c.written?.kept ? [i] : []));
}

/** The kept text of one cell of `column`, as a scalar subquery on the row whose rowid is `rowid`. */
function keptTextSql(table: TableMeta, column: ColumnMeta, rowid: string): string {
  return (
    `(SELECT text FROM main.${quoteIdent(WRITTEN_TABLE)} WHERE tbl = ${literal(table.sqlName)} ` +
    `AND col = ${literal(column.sqlName)} AND row = ${rowid})`
  );
}

/**
 * A stored value as the file wrote it: its kept text when it has one, else a number printed in its
 * column's written form ("9970610.0"), else the value itself.
 */
export function shownValue<V>(column: ColumnMeta, value: V, kept: unknown): V | string {
  if (typeof kept === "string") return kept;
  const form = column.written;
  if (typeof value === "number" && form && (form.decimals || form.grouping)) {
    const text = formatWritten(value, form);
    if (text !== String(value)) return text;
  }
  return value;
}

/**
 * Adds the kept texts of a table's columns to a select list that reads the row as `rowid`: the
 * list to append (empty when none), and a function that turns a row read with it back into shown
 * values (`offset`: where the table's values start in the row).
 */
export function withKeptText(
  table: TableMeta,
  rowid: string,
): { extra: string; shown: (row: unknown[], offset: number) => unknown[] } {
  const kept = keptColumns(table);
  const formed = hasWrittenText(table);
  const extra = kept.map((i) => `, ${keptTextSql(table, table.columns[i], rowid)}`).join("");
  const width = table.columns.length;
  return {
    extra,
    shown(row, offset) {
      const values = row.slice(offset, offset + width);
      if (!formed) return values;
      const texts = new Array<unknown>(width).fill(null);
      kept.forEach((c, k) => {
        texts[c] = row[offset + width + k];
      });
      return values.map((v, c) => shownValue(table.columns[c], v, texts[c]));
    },
  };
}
