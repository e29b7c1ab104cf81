import type { ColumnType } from "../../../model/dataset";
import type { LinkColumn, LinkHint } from "./features";

/** The shape of a method's schema the linker reads (FGTR's and SGAM's ports fit it). */
export type LinkableSchema = {
  tables: ReadonlyArray<{
    name: string;
    expandedName?: string;
    columns: ReadonlyArray<{
      column: string;
      name: string;
      type: ColumnType;
      isPrimaryKey: boolean;
      expandedName?: string;
      description?: string;
      profile?: { uniqueness: number };
    }>;
  }>;
};

const cache = new WeakMap<object, LinkColumn[]>();

/** Every column of a schema as the linker reads it, in schema order (cached per schema object). */
export function linkColumnsOf(schema: LinkableSchema): LinkColumn[] {
  const hit = cache.get(schema);
  if (hit) return hit;
  const out = schema.tables.flatMap((t) =>
    t.columns.map((c) => ({
      table: t.name,
      tableExpanded: t.expandedName,
      column: c.column,
      name: c.name,
      expandedName: c.expandedName,
      description: c.description,
      type: c.type,
      isPrimaryKey: c.isPrimaryKey,
      uniqueness: c.profile?.uniqueness ?? 0,
    })),
  );
  cache.set(schema, out);
  return out;
}

/** Value hits as the linker reads them. */
export function linkHintsOf(
  hints: ReadonlyArray<{ table: string; column: string; phrase: string; score: number; exact: boolean }>,
): LinkHint[] {
  return hints.map((h) => ({ table: h.table, column: h.column, phrase: h.phrase, score: h.score, exact: h.exact }));
}
