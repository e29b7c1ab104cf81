import "server-only";
import type { TableMeta } from "@/lib/core/model/dataset";
import { qualifiedTable } from "@/lib/server/stores/rows";
import { readRows, type ReadSource } from "@/lib/server/index/scan-table";

/** A view's SQL is read up to this many characters (enough for any view a person wrote). */
const MAX_VIEW_SQL = 100_000;

/**
 * Each view's SQL, by the view's display name: SQLite's `sqlite_schema` of the view's file (main or
 * an attached copy), PostgreSQL's `pg_get_viewdef`. Read in the background SQL worker with the read's
 * time limit; a view whose SQL cannot be read is left out (the inference then matches its columns).
 */
export async function readViewSql(src: ReadSource, tables: readonly TableMeta[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const views = tables.filter((t) => t.isView);
  if (!views.length) return out;
  if (src.files.postgres) {
    for (const v of views) {
      try {
        const { rows } = await readRows(src, "SELECT pg_get_viewdef(to_regclass(?), true)", {
          params: [qualifiedTable(v)],
          maxRows: 1,
        });
        const sql = rows[0]?.[0];
        if (typeof sql === "string") out.set(v.name, `CREATE VIEW v AS ${sql}`.slice(0, MAX_VIEW_SQL));
      } catch {
        // its columns will do
      }
    }
    return out;
  }
  for (const schema of new Set(views.map((v) => v.schemaName))) {
    const quoted = `"${schema.replace(/"/g, '""')}"`;
    try {
      const { rows } = await readRows(
        src,
        `SELECT name, substr(sql, 1, ${MAX_VIEW_SQL}) FROM ${quoted}.sqlite_schema WHERE type = 'view'`,
        { maxRows: 10_000 },
      );
      const bySqlName = new Map(rows.map((r) => [String(r[0]), String(r[1] ?? "")]));
      for (const v of views.filter((x) => x.schemaName === schema)) {
        const sql = bySqlName.get(v.sqlName);
        if (sql) out.set(v.name, sql);
      }
    } catch {
      // its columns will do
    }
  }
  return out;
}
