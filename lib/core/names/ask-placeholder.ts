import type { TableMeta } from "../model/dataset";

const looksLikeKey = (name: string) => /(^|[^a-z])id$|_id$|Id$|^id$|key$|code$/i.test(name);

/**
 * An example question drawn from the dataset's own tables and headers, for the ask box's
 * placeholder: "Which Invoice has the highest Total?" on a table with a measure, "How many
 * Customer rows are there per Country?" on one with only text, so it never names another dataset.
 */
export function askPlaceholder(tables: readonly Pick<TableMeta, "name" | "rowCount" | "isView" | "columns">[]): string {
  const candidates = [...tables].filter((t) => !t.isView && t.columns.length).sort((a, b) => b.rowCount - a.rowCount);
  for (const t of candidates) {
    const measure = t.columns.find(
      (c) => (c.type === "real" || c.type === "integer") && !c.isPrimaryKey && !looksLikeKey(c.name),
    );
    if (measure) return `Ask about your tables, e.g. Which ${t.name} has the highest ${measure.name}?`;
  }
  for (const t of candidates) {
    const group = t.columns.find((c) => c.type === "text" && !c.isPrimaryKey && !looksLikeKey(c.name));
    if (group) return `Ask about your tables, e.g. How many ${t.name} rows are there per ${group.name}?`;
  }
  return candidates[0]
    ? `Ask about your tables, e.g. How many rows does ${candidates[0].name} have?`
    : "Ask about your tables";
}
