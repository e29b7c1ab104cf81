import type { ColumnProfile } from "../model/index-types";
import type { ColumnMeta } from "../model/dataset";
import { expandName } from "../text/expand-name";

const KEYISH = new Set(["identifier", "code", "key", "number"]);

/**
 * For a table without a declared primary key, the column that most likely is one: never null,
 * a distinct value in every row (exactly counted), not a decimal or flag; key-like names
 * ("…id", "…code") first, then the leftmost. Null when no column qualifies.
 */
export function inferPrimaryKey(
  columns: readonly ColumnMeta[],
  profileOf: (c: ColumnMeta) => ColumnProfile | undefined,
): ColumnMeta | null {
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
