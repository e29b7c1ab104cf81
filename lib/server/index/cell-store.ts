import "server-only";
import type { CellEntry } from "@/lib/core/model/index-types";
import { openForWrite, type SqliteDb } from "@/lib/server/sqlite/open";

/** A column of the cell index as its manifest records it. */
export type CellColumnRecord = {
  id: number;
  table: string;
  column: string;
  vectorFile: string | null;
  valueCount: number;
};

const SCHEMA = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE columns (id INTEGER PRIMARY KEY, table_name TEXT NOT NULL, column_name TEXT NOT NULL,
    vector_file TEXT, value_count INTEGER NOT NULL DEFAULT 0, UNIQUE (table_name, column_name));
  CREATE TABLE cells (key INTEGER PRIMARY KEY, col INTEGER NOT NULL, value TEXT NOT NULL,
    normalized TEXT NOT NULL, row_count INTEGER NOT NULL, row_ids TEXT);
`;

/**
 * Writes one generation's cell catalog (value, normalised value, row count, capped row ids per
 * unique value) into its own SQLite file. The lookup index is built once at the end, which is
 * faster than maintaining it row by row.
 */
export class CellStoreWriter {
  private readonly db: SqliteDb;
  private readonly insertCell;
  private nextColumn = 1;

  constructor(file: string, meta: Record<string, string>) {
    this.db = openForWrite(file);
    this.db.exec(SCHEMA);
    const put = this.db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
    for (const [k, v] of Object.entries(meta)) put.run(k, v);
    this.insertCell = this.db.prepare(
      "INSERT INTO cells (key, col, value, normalized, row_count, row_ids) VALUES (?, ?, ?, ?, ?, ?)",
    );
  }

  /** Registers a column and returns its id (used in vector file names). */
  addColumn(table: string, column: string): number {
    const id = this.nextColumn++;
    this.db.prepare("INSERT INTO columns (id, table_name, column_name) VALUES (?, ?, ?)").run(id, table, column);
    return id;
  }

  addEntries(columnId: number, entries: readonly CellEntry[]): void {
    this.db.exec("BEGIN");
    try {
      for (const e of entries)
        this.insertCell.run(
          e.key,
          columnId,
          e.value,
          e.normalized,
          e.rowCount,
          e.rowIds ? JSON.stringify(e.rowIds) : null,
        );
      this.db.exec("COMMIT");
    } catch (err) {
      this.db.exec("ROLLBACK");
      throw err;
    }
  }

  finishColumn(columnId: number, vectorFile: string | null, valueCount: number): void {
    this.db
      .prepare("UPDATE columns SET vector_file = ?, value_count = ? WHERE id = ?")
      .run(vectorFile, valueCount, columnId);
  }

  /** Drops a column that failed half-way, so the catalog never points at vectors that were not saved. */
  dropColumn(columnId: number): void {
    this.db.prepare("DELETE FROM cells WHERE col = ?").run(columnId);
    this.db.prepare("DELETE FROM columns WHERE id = ?").run(columnId);
  }

  finish(): void {
    this.db.exec("CREATE INDEX cells_normalized ON cells (normalized, col)");
    this.db.close();
  }

  abort(): void {
    if (this.db.open) this.db.close();
  }
}

/** Reads the column manifest of a cell store. */
export function readCellColumns(db: SqliteDb): CellColumnRecord[] {
  const rows = db
    .prepare(
      "SELECT id, table_name, column_name, vector_file, value_count FROM columns WHERE vector_file IS NOT NULL " +
        "ORDER BY id",
    )
    .all() as Array<Record<string, unknown>>;
  return rows.map((r) => ({
    id: Number(r.id),
    table: String(r.table_name),
    column: String(r.column_name),
    vectorFile: r.vector_file as string,
    valueCount: Number(r.value_count),
  }));
}

export function readCellMeta(db: SqliteDb): Record<string, string> {
  const rows = db.prepare("SELECT key, value FROM meta").all() as Array<{ key: string; value: string }>;
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
