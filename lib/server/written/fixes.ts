import "server-only";
import type { WrittenFix } from "@/lib/core/ingest/column-typing";
import type { FormSegment } from "@/lib/core/ingest/column-state";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import { formatWritten, isOnlySpace, type WrittenForm } from "@/lib/core/ingest/written-number";
import type { SqliteDb } from "@/lib/server/sqlite/open";
import { WRITTEN_TABLE } from "./store";

const CHUNK = 2000;
const written = quoteIdent(WRITTEN_TABLE);
const pause = () => new Promise((resolve) => setImmediate(resolve));

const sameForm = (a: WrittenForm, b: WrittenForm) => a.decimals === b.decimals && !!a.grouping === !!b.grouping;

/** The form a row's number was written under: its segment's, or the column's last one. */
function formAt(row: number, segments: readonly FormSegment[], last: WrittenForm): WrittenForm {
  for (const s of segments) if (row <= s.upToRow) return s.form;
  return last;
}

/**
 * Applies the typing's fixes to a new table (rowid = row number) once every row is written, in
 * chunks that let other requests run: numbers and missing-number words of a column that ended as
 * text become the text the file wrote, and numbers written under a form their column later
 * dropped get that text kept.
 */
export async function applyWrittenFixes(
  db: SqliteDb,
  sqlTable: string,
  sqlColumns: readonly string[],
  fixes: readonly WrittenFix[],
): Promise<void> {
  for (const fix of fixes) {
    if (fix.kind === "to-text") await numbersToText(db, sqlTable, sqlColumns[fix.column], fix);
    else await keepEarlierForms(db, sqlTable, sqlColumns[fix.column], fix);
  }
}

async function numbersToText(
  db: SqliteDb,
  sqlTable: string,
  column: string,
  fix: Extract<WrittenFix, { kind: "to-text" }>,
): Promise<void> {
  const table = quoteIdent(sqlTable);
  const col = quoteIdent(column);
  const key = [sqlTable, column];
  const keptOf = `(SELECT text FROM ${written} w WHERE w.tbl = ? AND w.col = ? AND w.row = t.rowid)`;
  // Integers without a kept text print as SQLite prints them, unless a form put commas in them.
  if (![...fix.segments.map((s) => s.form), fix.form].some((f) => f.grouping))
    db.prepare(
      `UPDATE ${table} AS t SET ${col} = CAST(${col} AS TEXT) WHERE rowid <= ? AND typeof(${col}) = 'integer' ` +
        `AND ${keptOf} IS NULL`,
    ).run([fix.upToRow, ...key]);
  const read = db
    .prepare(
      `SELECT t.rowid, t.${col}, ${keptOf} FROM ${table} AS t WHERE t.rowid > ? AND t.rowid <= ? ` +
        `AND (typeof(t.${col}) IN ('integer', 'real') OR (t.${col} IS NULL AND ${keptOf} IS NOT NULL)) ` +
        `ORDER BY t.rowid LIMIT ${CHUNK}`,
    )
    .raw(true);
  const update = db.prepare(`UPDATE ${table} SET ${col} = ? WHERE rowid = ?`);
  for (let after = 0; ; ) {
    const rows = read.all([...key, after, fix.upToRow, ...key]) as Array<[number, number | null, string | null]>;
    for (const [rowid, value, kept] of rows) {
      if (value === null && (kept === null || isOnlySpace(kept))) continue; // a blank cell stays NULL
      update.run([kept ?? formatWritten(value as number, formAt(rowid, fix.segments, fix.form)), rowid]);
    }
    if (rows.length < CHUNK) break;
    after = rows[rows.length - 1][0];
    await pause();
  }
  // What is stored now is the text: only the texts of blank (NULL) cells stay kept.
  db.prepare(
    `DELETE FROM ${written} WHERE tbl = ? AND col = ? AND row <= ? AND row IN ` +
      `(SELECT rowid FROM ${table} WHERE rowid <= ? AND ${col} IS NOT NULL)`,
  ).run([...key, fix.upToRow, fix.upToRow]);
}

async function keepEarlierForms(
  db: SqliteDb,
  sqlTable: string,
  column: string,
  fix: Extract<WrittenFix, { kind: "forms" }>,
): Promise<void> {
  const table = quoteIdent(sqlTable);
  const col = quoteIdent(column);
  const read = db
    .prepare(
      `SELECT t.rowid, t.${col} FROM ${table} AS t WHERE t.rowid > ? AND t.rowid <= ? ` +
        `AND typeof(t.${col}) IN ('integer', 'real') AND NOT EXISTS (SELECT 1 FROM ${written} w ` +
        `WHERE w.tbl = ? AND w.col = ? AND w.row = t.rowid) ORDER BY t.rowid LIMIT ${CHUNK}`,
    )
    .raw(true);
  const insert = db.prepare(`INSERT INTO ${written} (tbl, col, row, text) VALUES (?, ?, ?, ?)`);
  let from = 0;
  for (const segment of fix.segments) {
    const to = segment.upToRow;
    if (!sameForm(segment.form, fix.form)) {
      for (let after = from; ; ) {
        const rows = read.all([after, to, sqlTable, column]) as Array<[number, number]>;
        for (const [rowid, value] of rows) {
          const text = formatWritten(value, segment.form);
          if (text !== formatWritten(value, fix.form)) insert.run([sqlTable, column, rowid, text]);
        }
        if (rows.length < CHUNK) break;
        after = rows[rows.length - 1][0];
        await pause();
      }
    }
    from = to;
  }
}

/** How many cells of each column of a table keep their text. */
export function keptCounts(db: SqliteDb, sqlTable: string): Map<string, number> {
  const rows = db
    .prepare(`SELECT col, count(*) FROM ${written} WHERE tbl = ? GROUP BY col`)
    .raw(true)
    .all([sqlTable]) as Array<[string, number]>;
  return new Map(rows.map(([col, n]) => [col, Number(n)]));
}
