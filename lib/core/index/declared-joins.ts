import type { TableMeta } from "../model/dataset";
import type { ColumnRef } from "../model/index-types";

/** One column pair of a declared foreign key, resolved to display table + sqlName column. */
export type DeclaredJoin = {
  from: ColumnRef;
  to: ColumnRef;
  /** Shared by the column pairs of one composite key. */
  group?: string;
  /** Display names of the two columns, for labels. */
  fromName: string;
  toName: string;
};

/**
 * The declared foreign keys of a dataset as column pairs. Referenced tables are matched by name
 * case-insensitively, referenced columns by sqlName and then by display name (SQLite lets a
 * REFERENCES clause use either); references that leave the dataset are dropped.
 */
export function declaredJoins(tables: readonly Pick<TableMeta, "name" | "columns" | "foreignKeys">[]): DeclaredJoin[] {
  const byName = new Map(tables.map((t) => [t.name.toLowerCase(), t]));
  const out: DeclaredJoin[] = [];
  for (const t of tables) {
    t.foreignKeys.forEach((fk, i) => {
      const ref = byName.get(fk.refTable.toLowerCase());
      if (!ref) return;
      const group = fk.columns.length > 1 ? `fk:${t.name}:${i}` : undefined;
      fk.columns.forEach((col, k) => {
        const want = (fk.refColumns[k] ?? "").toLowerCase();
        const target =
          ref.columns.find((c) => c.sqlName.toLowerCase() === want) ??
          ref.columns.find((c) => c.name.toLowerCase() === want);
        const source =
          t.columns.find((c) => c.sqlName.toLowerCase() === col.toLowerCase()) ??
          t.columns.find((c) => c.name.toLowerCase() === col.toLowerCase());
        if (!target || !source) return;
        out.push({
          from: { table: t.name, column: source.sqlName },
          to: { table: ref.name, column: target.sqlName },
          fromName: source.name,
          toName: target.name,
          ...(group ? { group } : {}),
        });
      });
    });
  }
  return out;
}
