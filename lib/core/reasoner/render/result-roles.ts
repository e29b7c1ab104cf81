import type { AnswerResultTable } from "../../trace/kinds-run";

/** The role of an answer's result column (ColumnRole of the semantic model). */
export type ResultRole = NonNullable<AnswerResultTable["roles"]>[number];

/** A column written as an aggregate of other rows: COUNT(…), SUM(…), AVG(…), TOTAL(…). */
const AGGREGATE = /^\s*(count|sum|avg|total)\s*\(/i;
/** MIN(…)/MAX(…) keep the role of what they take the least or most of. */
const EXTREME = /^\s*(?:min|max)\s*\(\s*(?:\w+\s*\.\s*)?"?([^"()]+?)"?\s*\)\s*$/i;

/**
 * Each result column's role: an aggregate is a measure; a column named like one the answer's program
 * could use takes that column's role (read from the semantic model); anything else is text.
 */
export function resultRoles(
  columns: readonly string[],
  known: ReadonlyArray<{ column: string; name?: string; role: ResultRole }>,
): ResultRole[] {
  const byName = new Map<string, ResultRole>();
  for (const c of known) {
    for (const n of [c.column, c.name]) if (n && !byName.has(n.toLowerCase())) byName.set(n.toLowerCase(), c.role);
  }
  // A result column is named as selected: `city_id`, `"city_id"`, `T1.city_id`.
  const bare = (name: string) =>
    name
      .trim()
      .replace(/^(?:"?\w+"?\s*\.\s*)/, "")
      .replace(/^"|"$/g, "")
      .toLowerCase();
  return columns.map((name) => {
    if (AGGREGATE.test(name)) return "measure";
    const inner = EXTREME.exec(name)?.[1];
    return byName.get(bare(inner ?? name)) ?? (inner ? "measure" : "text");
  });
}

/** Roles whose values are names or codes for things, not amounts: shown as written, never summed. */
export function isWrittenAsIs(role: ResultRole | undefined): boolean {
  return role === "identifier" || role === "reference" || role === "code" || role === "date";
}
