import type { ColumnInfo, Description, TableInfo } from "@/components/index/types";

export function findColumn(tables: TableInfo[] | null, table: string, column: string | null): ColumnInfo | null {
  if (!tables || column === null) return null;
  return tables.find((t) => t.table === table)?.columns.find((c) => c.column === column) ?? null;
}

/** Returns tables with one description replaced (column = null means the table's own). */
export function withDescription(
  tables: TableInfo[],
  table: string,
  column: string | null,
  d: Description,
): TableInfo[] {
  return tables.map((t) => {
    if (t.table !== table) return t;
    if (column === null) return { ...t, description: d };
    return { ...t, columns: t.columns.map((c) => (c.column === column ? { ...c, description: d } : c)) };
  });
}
