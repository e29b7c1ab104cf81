import { columnKey } from "../model/column-ref";
import type { JoinCandidate, SchemaEdge, SchemaGraph } from "../model/index-types";

/**
 * One story for joins: every view (the Curate panel, the graph and its legend, the Joins tab) reads a
 * candidate's status and the counts from here, so they cannot disagree.
 *
 * - `declared`: a foreign key the source declares; drawn and joined on.
 * - `likely`: discovered, and the learned scorer passes it (probability ≥ its threshold and the best
 *   passing target of its referencing column); drawn and joined on.
 * - `suggestion`: discovered, not passed; listed for review, not drawn, not joined on until accepted.
 * - `kept`: a person accepted it (or drew the same join); drawn and joined on.
 * - `rejected`: a person rejected it; hidden everywhere.
 * - `linked`: another edge (a declared key, a curated edge, same-named keys) already links the pair.
 */
type JoinStatus = "declared" | "likely" | "suggestion" | "kept" | "rejected" | "linked";

export type ReviewedJoin = JoinCandidate & { source: string; target: string; status: JoinStatus; reason: string };

export type JoinCounts = {
  /** The learned scorer's pass threshold (a probability), or null when no scorer ran. */
  threshold: number | null;
  declared: number;
  likely: number;
  suggestions: number;
  kept: number;
  rejected: number;
};

/** The drawn edges, by the words the legend and the counts use. */
export type EdgeCategory = "foreign_key" | "likely" | "kept" | "same_key" | "context" | "derivation" | "key";

/** Which legend entry an edge belongs to: a discovered edge is a likely join, a curated join is kept. */
export function edgeCategory(e: Pick<SchemaEdge, "kind" | "origin">): EdgeCategory {
  if (e.kind === "discovered") return "likely";
  if (e.kind === "join") return e.origin === "curated" ? "kept" : "same_key";
  return e.kind;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const pct = (p: number | undefined) => (p === undefined ? "unscored" : `${Math.max(0, Math.round(p * 100))}%`);

/**
 * Gives each candidate its status and a sentence saying why, sorted as every list shows them:
 * declared keys first, then by the learned probability (ω breaks ties). `rejected` are the pairs a
 * person hid (pairKey of the two node ids); the graph is the one served (rejections applied).
 */
export function reviewJoins(
  joins: readonly JoinCandidate[],
  graph: Pick<SchemaGraph, "edges">,
  rejected: ReadonlySet<string>,
  threshold: number | null,
): { joins: ReviewedJoin[]; counts: JoinCounts } {
  const drawn = new Map<string, SchemaEdge>();
  for (const e of graph.edges) if (e.kind !== "key" && e.kind !== "context") drawn.set(pairKey(e.source, e.target), e);
  // The best passing target of each referencing column, for the "another target won" reason.
  const bestOf = new Map<string, JoinCandidate>();
  for (const j of joins) {
    if (j.rule === "declared" || !j.passes) continue;
    const from = columnKey(j.from.table, j.from.column);
    if ((bestOf.get(from)?.probability ?? -1) < (j.probability ?? 0)) bestOf.set(from, j);
  }
  const reviewed = joins.map((j): ReviewedJoin => {
    const source = columnKey(j.from.table, j.from.column);
    const target = columnKey(j.to.table, j.to.column);
    const pair = pairKey(source, target);
    const edge = drawn.get(pair);
    const base = { ...j, source, target };
    if (j.rule === "declared") return { ...base, status: "declared", reason: "A foreign key the source declares." };
    if (rejected.has(pair))
      return { ...base, status: "rejected", reason: "You rejected it: not drawn, not joined on." };
    if (edge?.origin === "curated" && edge.kind === "join")
      return { ...base, status: "kept", reason: "You kept it as a join: drawn and joined on." };
    if (edge?.kind === "discovered")
      return { ...base, status: "likely", reason: likelyReason(j.probability, threshold) };
    if (edge) return { ...base, status: "linked", reason: `Already linked by ${edge.label}.` };
    return { ...base, status: "suggestion", reason: suggestionReason(j, bestOf, threshold) };
  });
  const rank = (j: ReviewedJoin) => (j.status === "declared" ? 2 : 0) + (j.probability ?? 0);
  reviewed.sort((a, b) => rank(b) - rank(a) || b.omega - a.omega);
  const count = (s: JoinStatus) => reviewed.filter((j) => j.status === s).length;
  return {
    joins: reviewed,
    counts: {
      threshold,
      declared: count("declared"),
      likely: count("likely"),
      suggestions: count("suggestion"),
      kept: count("kept"),
      rejected: count("rejected"),
    },
  };
}

/** Why a likely join is drawn, in words. */
export function likelyReason(probability: number | undefined, threshold: number | null): string {
  const bar = threshold === null ? "" : `, at or above the ${pct(threshold)} threshold`;
  return `${pct(probability)} likely${bar}, the best target of its column: drawn and joined on.`;
}

function suggestionReason(
  j: JoinCandidate,
  bestOf: ReadonlyMap<string, JoinCandidate>,
  threshold: number | null,
): string {
  const p = j.probability;
  if (p === undefined) return "Not scored (a column has no profile): listed, not drawn.";
  if (threshold !== null && p < threshold)
    return `${pct(p)} likely, below the ${pct(threshold)} threshold: listed, not drawn.`;
  const best = bestOf.get(columnKey(j.from.table, j.from.column));
  if (best && best !== j)
    return (
      `${pct(p)} likely, but ${j.from.table}.${j.from.column} references one column and ` +
      `${best.to.table}.${best.to.column} is more likely (${pct(best.probability)}): listed, not drawn.`
    );
  return `${pct(p)} likely; the scorer did not pass it: listed, not drawn.`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The one sentence every view prints about the joins: "3 declared keys · 12 likely joins drawn · 30 suggestions". */
export function describeJoinCounts(c: JoinCounts): string {
  const parts = [
    c.declared ? plural(c.declared, "declared key") : "",
    c.kept ? `${plural(c.kept, "join")} kept by hand` : "",
    `${plural(c.likely, "likely join")} drawn`,
    `${plural(c.suggestions, "suggestion")} to review`,
    c.rejected ? `${c.rejected} rejected` : "",
  ];
  return parts.filter(Boolean).join(" · ");
}
