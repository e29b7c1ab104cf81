import type { ColumnType } from "@/lib/core/model/dataset";
import type { ColumnProfile } from "@/lib/core/model/index-types";
import type { ColumnInfo, Description, TableInfo } from "@/components/index/types";

type Loose = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** A description as `{text, edited}`, a plain string, or `{description, edited}`. */
export function toDescription(v: unknown): Description | null {
  if (typeof v === "string") return { text: v, edited: false };
  if (!v || typeof v !== "object") return null;
  const o = v as Loose;
  const text = str(o.text) ?? str(o.description);
  return text === undefined ? null : { text, edited: o.edited === true, generated: str(o.generated) ?? null };
}

function toColumn(v: Loose): ColumnInfo {
  const profile = (v.profile as ColumnProfile | null | undefined) ?? null;
  return {
    column: str(v.column) ?? str(v.sqlName) ?? str(v.name) ?? "",
    name: str(v.name) ?? str(v.column) ?? "",
    type: (str(v.type) ?? profile?.type ?? "text") as ColumnType,
    isPrimaryKey: v.isPrimaryKey === true,
    profile,
    description: toDescription(v.description),
  };
}

/** Normalises GET /columns: `{tables: [{table, description, columns: [...]}]}` or a bare array of tables. */
export function toTableInfos(body: unknown): TableInfo[] {
  const list = Array.isArray(body) ? body : (((body as Loose | null)?.tables as unknown[] | undefined) ?? []);
  return list.map((t) => {
    const o = t as Loose;
    return {
      table: str(o.table) ?? str(o.name) ?? "",
      rowCount: typeof o.rowCount === "number" ? o.rowCount : null,
      description: toDescription(o.description),
      columns: Array.isArray(o.columns) ? o.columns.map((c) => toColumn(c as Loose)) : [],
    };
  });
}

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
