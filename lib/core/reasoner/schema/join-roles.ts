import type { EdgeCost } from "../../index/join-path";
import { parseColumnKey } from "../../model/column-ref";
import type { SchemaEdge, SchemaGraph } from "../../model/index-types";
import { relatedness } from "../../text/relations";
import { stem } from "../../text/stem";
import { splitIdentifier } from "../../text/tokenize";
import { FROM_WORDS, TO_WORDS, FROM_VERBS, TO_VERBS } from "../lang/en/column-roles";

/**
 * Role-playing joins: one table joined to another under two keys (a flight's origin and
 * destination airport, an order's billing and shipping address, an employee's manager). The
 * table graph keeps one edge per pair of tables, so which one is kept must follow the question:
 * the edge whose column names the role the question speaks of ("shipped to", "departing", "from
 * Denver") gets cheaper. Only the words that set one sibling edge apart from the others count.
 */

/** How much cheaper an edge gets per matched role word (below the gap between declared and discovered). */
const ROLE_BONUS = 0.3;

const lowerWords = (s: string) => splitIdentifier(s).map((w) => w.toLowerCase());

/** The direction a question speaks of: verbs of leaving or arriving, and "from"/"to" before a name. */
export function questionDirections(question: string): Set<"from" | "to"> {
  const out = new Set<"from" | "to">();
  const tokens = question.split(/\s+/).filter(Boolean);
  tokens.forEach((raw, i) => {
    const w = raw.toLowerCase().replace(/[^\p{L}]/gu, "");
    if (FROM_VERBS.test(w)) out.add("from");
    if (TO_VERBS.test(w)) out.add("to");
    // A preposition counts before a name ("from Denver", "to LAX"), not in "To how many …".
    const next = tokens[i + 1]?.replace(/^[^\p{L}\p{N}]+/u, "") ?? "";
    if (!/^[\p{Lu}\p{N}]/u.test(next)) return;
    if (w === "from") out.add("from");
    if (w === "to" || w === "into") out.add("to");
  });
  return out;
}

/**
 * The words of an edge's two column names, less the words of the two tables' names: Friend.friend_id
 * says nothing of a role when the question speaks of friends (the table's rows). What sibling edges
 * also say is removed later.
 */
function edgeWords(edge: SchemaEdge, tableOf: Map<string, string>): string[] {
  const source = parseColumnKey(edge.source);
  const target = parseColumnKey(edge.target);
  const tableStems = new Set(
    [tableOf.get(edge.source) ?? source.table, tableOf.get(edge.target) ?? target.table].flatMap(lowerWords).map(stem),
  );
  const words = [...lowerWords(source.column), ...lowerWords(target.column)];
  return [...new Set(words)].filter((w) => w !== "id" && w.length > 1 && !tableStems.has(stem(w)));
}

function wordMatches(questionWords: string[], role: string, directions: Set<"from" | "to">): boolean {
  if (FROM_WORDS.has(role) && directions.has("from")) return true;
  if (TO_WORDS.has(role) && directions.has("to")) return true;
  if (role === "from" || role === "to") return false;
  const s = stem(role);
  return questionWords.some((q) => stem(q) === s || (q.length > 2 && relatedness(q, role) >= 1));
}

/**
 * Wraps an edge cost so that, among edges joining the same two tables, those whose referencing
 * column names a role the question speaks of cost less. Edges with no sibling keep their cost.
 */
export function roleAwareCost(graph: SchemaGraph, question: string, base: EdgeCost): EdgeCost {
  const tableOf = new Map(graph.nodes.map((n) => [n.id, n.table]));
  const pairOf = (e: SchemaEdge) => [tableOf.get(e.source), tableOf.get(e.target)].sort().join("\u0000");
  const byPair = new Map<string, SchemaEdge[]>();
  for (const e of graph.edges) {
    if (e.kind === "context" || e.kind === "derivation" || e.kind === "key") continue;
    const a = tableOf.get(e.source);
    const b = tableOf.get(e.target);
    if (!a || !b || a === b) continue;
    byPair.set(pairOf(e), [...(byPair.get(pairOf(e)) ?? []), e]);
  }
  const questionWords = question.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  const directions = questionDirections(question);
  const bonus = new Map<string, number>();
  for (const edges of byPair.values()) {
    const distinct = new Set(edges.map((e) => e.source));
    if (distinct.size < 2) continue;
    const words = edges.map((e) => edgeWords(e, tableOf));
    const shared = words.reduce((acc, ws) => new Set(ws.filter((w) => acc.has(w))), new Set(words[0]));
    edges.forEach((e, i) => {
      const own = [...new Set(words[i].filter((w) => !shared.has(w)))];
      const hits = own.filter((w) => wordMatches(questionWords, w, directions)).length;
      if (hits) bonus.set(e.id, ROLE_BONUS * Math.min(hits, 2));
    });
  }
  if (!bonus.size) return base;
  return (e) => base(e) - (bonus.get(e.id) ?? 0);
}
