import "server-only";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { SqliteDb } from "@/lib/server/sqlite/open";
import { qualifiedTable } from "@/lib/server/stores/rows";

/** A row as the scan hands it over: [rowid | null, value…]. */
export type ScanRow = unknown[];

export type ScanOptions = {
  chunkRows: number;
  /** Text is cut to this many characters in SQL, so a 100 KB cell never reaches JavaScript whole. */
  valueChars: number;
  /** Called between chunks: yields to the event loop and throws when the run was cancelled. */
  pause: () => Promise<void>;
};

// SQLite caps a function at 127 arguments: wide tables are packed as nested arrays of this many.
const GROUP = 100;

/**
 * The expression a column is read through: text cut to `chars`, blobs replaced by a marker with
 * their length (see BLOB_MARK), everything else as stored.
 */
export function scanExpression(column: string, chars: number): string {
  const q = quoteIdent(column);
  return `CASE typeof(${q}) WHEN 'text' THEN substr(${q}, 1, ${chars}) WHEN 'blob' THEN char(0) || 'blob:' || length(${q}) ELSE ${q} END`;
}

/** The name that reaches a table's rowid, or null for views, WITHOUT ROWID tables and tables whose columns shadow every alias. */
export function rowidAlias(db: SqliteDb, table: TableMeta): string | null {
  if (table.isView) return null;
  const names = new Set(table.columns.map((c) => c.sqlName.toLowerCase()));
  const alias = ["rowid", "_rowid_", "oid"].find((a) => !names.has(a));
  if (!alias) return null;
  try {
    db.prepare(`SELECT ${alias} FROM ${qualifiedTable(table)} LIMIT 0`).all();
    return alias;
  } catch {
    return null;
  }
}

function packed(exprs: string[]): string {
  if (exprs.length <= GROUP) return exprs.join(", ");
  const groups: string[] = [];
  for (let i = 0; i < exprs.length; i += GROUP) groups.push(`json_array(${exprs.slice(i, i + GROUP).join(", ")})`);
  return groups.join(", ");
}

/**
 * Reads a table in rowid ranges, each range aggregated by SQLite into one JSON array that
 * JSON.parse turns into rows: about twice as fast as stepping rows through the driver.
 */
async function scanJson(db: SqliteDb, table: TableMeta, exprs: string[], rowid: string, opts: ScanOptions, onChunk: (rows: ScanRow[]) => void): Promise<void> {
  const wide = exprs.length > GROUP;
  const named = exprs.map((e, i) => `${e} AS c${i}`).join(", ");
  const cols = packed(exprs.map((_, i) => `c${i}`));
  const inner = `SELECT ${rowid} AS r, ${named} FROM ${qualifiedTable(table)} WHERE ${rowid} > ? ORDER BY ${rowid} LIMIT ${opts.chunkRows}`;
  const stmt = db.prepare(`SELECT max(r), json_group_array(json_array(r, ${cols})) FROM (${inner})`).raw(true);
  let last: number = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const [max, json] = stmt.get(last) as [number | null, string];
    if (max === null) return;
    let rows = JSON.parse(json) as ScanRow[];
    if (wide) rows = rows.map((r) => [r[0], ...(r.slice(1) as unknown[][]).flat()]);
    onChunk(rows);
    last = max;
    await opts.pause();
  }
}

/** Steps rows through the driver; for views and tables without a usable rowid. */
async function scanIterate(db: SqliteDb, table: TableMeta, exprs: string[], rowid: string | null, opts: ScanOptions, onChunk: (rows: ScanRow[]) => void): Promise<void> {
  const head = rowid ? `${rowid}, ` : "";
  const stmt = db.prepare(`SELECT ${head}${exprs.join(", ")} FROM ${qualifiedTable(table)}`).raw(true);
  let chunk: ScanRow[] = [];
  for (const row of stmt.iterate() as Iterable<unknown[]>) {
    chunk.push(rowid ? row : [null, ...row]);
    if (chunk.length >= opts.chunkRows) {
      onChunk(chunk);
      chunk = [];
      await opts.pause();
    }
  }
  if (chunk.length) onChunk(chunk);
}

/**
 * Streams the given columns of a table in chunks of rows. The JSON path is tried first; if SQLite
 * refuses it (odd text, very wide rows) `restart` is called so the caller can drop what it counted
 * and the table is read again by stepping rows.
 */
export async function scanTable(db: SqliteDb, table: TableMeta, columns: string[], opts: ScanOptions, onChunk: (rows: ScanRow[]) => void, restart: () => void): Promise<void> {
  const exprs = columns.map((c) => scanExpression(c, opts.valueChars));
  const rowid = rowidAlias(db, table);
  if (rowid) {
    try {
      await scanJson(db, table, exprs, rowid, opts, onChunk);
      return;
    } catch (err) {
      if (isCancel(err)) throw err;
      restart();
    }
  }
  await scanIterate(db, table, exprs, rowid, opts, onChunk);
}

/** Thrown by `pause` when a run is cancelled (dataset deleted, server stopping). */
export class IndexCancelled extends Error {
  constructor() {
    super("indexing was cancelled");
  }
}

export function isCancel(err: unknown): boolean {
  return err instanceof IndexCancelled;
}
