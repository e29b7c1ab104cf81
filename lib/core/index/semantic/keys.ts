import type { SchemaGraph } from "../../model/index-types";
import type { SemanticReference } from "../../model/semantic-model";
import type { SemanticInputTable } from "./input";

/**
 * Keys and references from the schema graph (MetricFlow's primary and foreign entities, WrenAI's
 * relationships): a table's identifiers are its primary key's columns; a column references another
 * table's row when a declared, curated, same-name or passing discovered join ties it to that table's
 * one-column key. A bridge is a table whose rows pair rows of two other tables: its key is made of
 * references (or, without a key, it is little more than two references).
 */

const JOINING = new Set(["foreign_key", "join", "discovered"]);

/** Each table's primary-key columns, from the graph's nodes. */
export function identifiersOf(graph: SchemaGraph): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const n of graph.nodes) if (n.isPrimaryKey) out.set(n.table, [...(out.get(n.table) ?? []), n.column]);
  return out;
}

/** Every reference of every table, read off the graph's joining edges. */
export function referencesOf(graph: SchemaGraph): Map<string, SemanticReference[]> {
  const keys = identifiersOf(graph);
  const node = new Map(graph.nodes.map((n) => [n.id, n]));
  const soleKey = (id: string) => {
    const n = node.get(id);
    return !!n && n.isPrimaryKey && (keys.get(n.table)?.length ?? 0) === 1;
  };
  const out = new Map<string, SemanticReference[]>();
  const add = (fromId: string, toId: string, confidence: number, evidence: string) => {
    const from = node.get(fromId);
    const to = node.get(toId);
    if (!from || !to || from.table === to.table) return;
    // A column references one table: the surest join wins (declared over drawn over discovered).
    const list = out.get(from.table) ?? [];
    const before = list.findIndex((r) => r.column === from.column);
    if (before >= 0 && (list[before].confidence ?? 0) >= confidence) return;
    if (before >= 0) list.splice(before, 1);
    list.push({
      column: from.column,
      to: { table: to.table, column: to.column },
      origin: "inferred",
      confidence,
      evidence,
    });
    out.set(from.table, list);
  };
  for (const e of graph.edges) {
    if (!JOINING.has(e.kind)) continue;
    if (e.kind === "discovered" && e.join?.passes === false) continue;
    const [confidence, evidence] =
      e.origin === "declared"
        ? [0.98, "a declared foreign key"]
        : e.origin === "curated"
          ? [0.95, "a join drawn by hand"]
          : e.kind === "join"
            ? [0.7, "keys of the same name"]
            : [Math.min(0.9, e.join?.probability ?? 0.7), "values found in the other table's key"];
    // A declared foreign key points from the referencing column to the key (a part of a composite one too).
    if (e.kind === "foreign_key") add(e.source, e.target, confidence, evidence);
    else if (soleKey(e.target) && !soleKey(e.source)) add(e.source, e.target, confidence, evidence);
    else if (soleKey(e.source) && !soleKey(e.target)) add(e.target, e.source, confidence, evidence);
  }
  return out;
}

export type BridgeReading = { tables: string[]; confidence: number; evidence: string };

/** Whether a table pairs rows of two (or more) other tables, and which. */
export function bridgeOf(
  table: SemanticInputTable,
  identifiers: readonly string[],
  references: readonly SemanticReference[],
  otherColumns: number,
  declaredKey: boolean,
): BridgeReading | null {
  const targets = (cols: readonly SemanticReference[]) => [...new Set(cols.map((r) => r.to.table))];
  const keyRefs = references.filter((r) => identifiers.includes(r.column));
  // Every column of its key points at another table, and at two tables at least.
  if (identifiers.length >= 2 && keyRefs.length === identifiers.length && targets(keyRefs).length >= 2) {
    const tables = targets(keyRefs);
    return { tables, confidence: 0.9, evidence: `its key is references to ${tables.join(" and ")}` };
  }
  // Without a declared key: two references and at most two more columns ("stars", "rating date").
  const tables = targets(references);
  if (!declaredKey && tables.length >= 2 && otherColumns <= 2)
    return { tables, confidence: 0.65, evidence: `references ${tables.join(" and ")} and little else` };
  return null;
}
