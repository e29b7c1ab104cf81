import type { ColumnProfile } from "../model/index-types";
import type { ColumnMeta } from "../model/dataset";
import { expandName } from "../text/expand-name";

/**
 * Node id of a column: "table.column", with "%" and "." escaped inside each part so that ids
 * stay readable for ordinary names and can never collide ("a.b"+"c" vs "a"+"b.c").
 */
export function nodeId(table: string, column: string): string {
  const esc = (s: string) => s.replace(/%/g, "%25").replace(/\./g, "%2E");
  return `${esc(table)}.${esc(column)}`;
}

/** The table and column of a node id made by nodeId. */
export function parseNodeId(id: string): { table: string; column: string } {
  const dot = id.indexOf(".");
  const unesc = (s: string) => s.replace(/%2E/g, ".").replace(/%25/g, "%");
  return { table: unesc(id.slice(0, dot)), column: unesc(id.slice(dot + 1)) };
}

const KEYISH = new Set(["identifier", "code", "key", "number"]);

/**
 * For a table without a declared primary key, the column that most likely is one: never null,
 * a distinct value in every row (exactly counted), not a decimal or flag; key-like names
 * ("…id", "…code") first, then the leftmost. Null when no column qualifies.
 */
export function inferPrimaryKey(columns: readonly ColumnMeta[], profileOf: (c: ColumnMeta) => ColumnProfile | undefined): ColumnMeta | null {
  const candidates = columns.filter((c) => {
    const p = profileOf(c);
    return (
      p !== undefined &&
      p.rowCount > 0 &&
      p.nullCount === 0 &&
      !p.distinctEstimated &&
      p.distinctCount === p.rowCount &&
      c.type !== "real" &&
      c.type !== "boolean"
    );
  });
  const keyish = (c: ColumnMeta) => expandName(c.name).words.some((w) => KEYISH.has(w));
  return candidates.find(keyish) ?? candidates[0] ?? null;
}
