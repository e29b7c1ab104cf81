import type { RunConstraintsInput } from "../retrieval/constraints/types";

/** "kind:source->target" (a schema edge id) as "source → target (kind)". */
function edgeWords(id: string, column: (nodeId: string) => string): string {
  const m = /^([a-z_]+):(.+)->(.+)$/.exec(id);
  return m ? `${column(m[2])} → ${column(m[3])} (${m[1].replace("_", " ")})` : id;
}

/**
 * A re-run's steering constraints in words, one line per kind, e.g. "Must use Invoice.Total",
 * "Must not use Customer.Fax", "Only rows where Customer.Country = “USA”". `column` names a column
 * node id as the file wrote it.
 */
export function constraintWords(c: RunConstraintsInput, column: (nodeId: string) => string = (id) => id): string[] {
  const list = (ids: readonly string[] | undefined) => (ids ?? []).map(column).join(", ");
  const value = (v: unknown) => (v === null ? "empty" : typeof v === "string" ? `“${v}”` : String(v));
  return [
    c.includeColumns?.length ? `Must use ${list(c.includeColumns)}` : "",
    c.excludeColumns?.length ? `Must not use ${list(c.excludeColumns)}` : "",
    c.includeEdges?.length ? `Must join on ${c.includeEdges.map((e) => edgeWords(e, column)).join(", ")}` : "",
    c.excludeEdges?.length ? `Must not join on ${c.excludeEdges.map((e) => edgeWords(e, column)).join(", ")}` : "",
    c.conditions?.length
      ? `Only rows where ${c.conditions.map((x) => `${column(x.column)} = ${value(x.value)}`).join(" and ")}`
      : "",
  ].filter(Boolean);
}
