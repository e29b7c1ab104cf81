import { z } from "zod";

/**
 * A column's one identity, everywhere (core, server, client, stored JSON, events): `table` is the
 * table's display name (TableMeta.name, unique in a dataset) and `column` the column's sqlName
 * (ColumnMeta.sqlName), the name SQL and every event use. The header as the file wrote it is
 * ColumnMeta.name and is shown, never used as a key.
 */
export const columnRefSchema = z.object({ table: z.string(), column: z.string() });
export type ColumnRef = z.infer<typeof columnRefSchema>;

const escapePart = (s: string) => s.replace(/%/g, "%25").replace(/\./g, "%2E");
const unescapePart = (s: string) => s.replace(/%2E/g, ".").replace(/%25/g, "%");

/**
 * The one string key of a column: "table.column", with "%" and "." escaped inside each part so
 * keys stay readable for ordinary names and never collide ("a.b"+"c" vs "a"+"b.c"). It is also
 * the schema graph's node id, stored in the database and in run events, so its format is fixed.
 * Column "" is the table itself (descriptions keyed by table).
 */
export function columnKey(table: string, column: string): string {
  return `${escapePart(table)}.${escapePart(column)}`;
}

/** The key of a ColumnRef (see columnKey). */
export function refKey(ref: ColumnRef): string {
  return columnKey(ref.table, ref.column);
}

/** Inverse of columnKey; a key without a dot names a table (column ""). */
export function parseColumnKey(key: string): ColumnRef {
  const dot = key.indexOf(".");
  if (dot < 0) return { table: unescapePart(key), column: "" };
  return { table: unescapePart(key.slice(0, dot)), column: unescapePart(key.slice(dot + 1)) };
}
