import type { ColumnType } from "../model/dataset";
import type { JoinCandidate, ProfileValue } from "../model/index-types";
import { splitIdentifier } from "../text/tokenize";

/** What the join scorer knows about one side of a candidate: its names and its profile. */
export type JoinSide = {
  table: string;
  column: string;
  /** Display name of the column. */
  name: string;
  type: ColumnType;
  rowCount: number;
  distinct: number;
  uniqueness: number;
  nullShare: number;
  min: ProfileValue | null;
  max: ProfileValue | null;
  /**
   * Whether the column is its table's key as inferred from the profiles (declarations ignored, so a CSV reads like a
   * database).
   */
  isTableKey: boolean;
  /** Whether it is its table's first column. */
  isFirstColumn: boolean;
};

/**
 * The scorer's features, in the order the weights are stored. Names say what each measures;
 * "from" is the referencing side, "to" the referenced one (as join discovery oriented the pair).
 */
export const JOIN_FEATURES = [
  "omega",
  "semantic",
  "jaccard",
  "uniquenessMax",
  "uniquenessFrom",
  "uniquenessTo",
  "containmentFromInTo",
  "containmentToInFrom",
  "toNearlyUnique",
  "oneToOne",
  "sameColumnName",
  "nameTokenJaccard",
  "fromNamesToTable",
  "toNamesOwnTable",
  "fromNamesOwnTable",
  "toNamesFromTable",
  "toGenericKeyName",
  "fromKeySuffix",
  "toKeySuffix",
  "nameEvidence",
  "bothInteger",
  "bothText",
  "denseFrom",
  "denseTo",
  "sequentialBoth",
  "surrogateWithoutNames",
  "rangeOverlap",
  "log10DistinctFrom",
  "log10DistinctTo",
  "log10DistinctRatio",
  "log10RowRatio",
  "nullShareFrom",
  "containmentTimesNames",
  "inclusionRule",
  "eitherNamesOtherTable",
  "toKeyLike",
  "omegaGapToBestOfFrom",
  "omegaGapToBestOfTo",
  "log2CandidatesOfFrom",
  "log2CandidatesOfTo",
  "toIsTableKey",
  "fromIsTableKey",
  "toIsFirstColumn",
  "fromIsFirstColumn",
] as const;
type JoinFeatureName = (typeof JOIN_FEATURES)[number];

// Names a key column carries on its own ("id"): they say nothing about which table it belongs to.
const GENERIC_KEY = new Set(["id", "key", "code", "pk", "no", "num", "number", "uuid", "rowid"]);

/** Lower-case word stems of an identifier: "car_makers" → car, maker; "ModelId" → model, id. */
export function nameStems(name: string): string[] {
  return splitIdentifier(name)
    .map((t) => stem(t.toLowerCase()))
    .filter((t) => t.length > 0);
}

function stem(t: string): string {
  if (t.length > 4 && t.endsWith("ies")) return `${t.slice(0, -3)}y`;
  if (t.length > 3 && /(ss|us|is)$/.test(t)) return t;
  if (t.length > 3 && t.endsWith("s")) return t.slice(0, -1);
  return t;
}

/** Share of the table's stems (the significant ones) found among the column's stems, in [0, 1]. */
function namesTable(columnStems: string[], tableStems: string[]): number {
  const cols = new Set(columnStems.filter((t) => !GENERIC_KEY.has(t)));
  const table = tableStems.filter((t) => t.length > 1 && !GENERIC_KEY.has(t));
  if (!table.length || !cols.size) return 0;
  return (
    table.filter((t) => cols.has(t) || [...cols].some((c) => c.length >= 3 && t.startsWith(c))).length / table.length
  );
}

function jaccardOf(a: string[], b: string[]): number {
  const x = new Set(a);
  const y = new Set(b);
  const inter = [...x].filter((t) => y.has(t)).length;
  return x.size + y.size - inter ? inter / (x.size + y.size - inter) : 0;
}

function asNumber(v: ProfileValue | null): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** Distinct values over the span of an integer column: 1 for a gap-free 1..N surrogate key. */
function density(s: JoinSide): number {
  const [lo, hi] = [asNumber(s.min), asNumber(s.max)];
  if (s.type !== "integer" || lo === null || hi === null || hi < lo) return 0;
  return Math.min(1, s.distinct / (hi - lo + 1));
}

/** A gap-free integer range starting at 0 or 1: the shape of an auto-increment key. */
function sequential(s: JoinSide): boolean {
  const lo = asNumber(s.min);
  return density(s) >= 0.9 && lo !== null && lo >= 0 && lo <= 1;
}

function rangeOverlap(a: JoinSide, b: JoinSide): number {
  const [a0, a1, b0, b1] = [asNumber(a.min), asNumber(a.max), asNumber(b.min), asNumber(b.max)];
  if (a0 === null || a1 === null || b0 === null || b1 === null) return 0;
  const inter = Math.min(a1, b1) - Math.max(a0, b0);
  const union = Math.max(a1, b1) - Math.min(a0, b0);
  return union > 0 ? Math.max(0, inter) / union : a0 === b0 ? 1 : 0;
}

const log10 = (x: number) => Math.log10(Math.max(1, x));

/**
 * How a candidate compares with the others sharing one of its columns (HoPF's holistic view): a
 * foreign key is usually its column's strongest candidate, a chance overlap one of many.
 */
export type JoinCompetition = {
  bestOmegaOfFrom: number;
  bestOmegaOfTo: number;
  candidatesOfFrom: number;
  candidatesOfTo: number;
};

/** Competition context for every candidate of one dataset, in input order. */
export function joinCompetition(joins: readonly JoinCandidate[]): JoinCompetition[] {
  const best = new Map<string, number>();
  const count = new Map<string, number>();
  const id = (r: { table: string; column: string }) => `${r.table}\u0000${r.column}`;
  for (const c of joins) {
    for (const r of [c.from, c.to]) {
      best.set(id(r), Math.max(best.get(id(r)) ?? 0, c.omega));
      count.set(id(r), (count.get(id(r)) ?? 0) + 1);
    }
  }
  return joins.map((c) => ({
    bestOmegaOfFrom: best.get(id(c.from)) ?? c.omega,
    bestOmegaOfTo: best.get(id(c.to)) ?? c.omega,
    candidatesOfFrom: count.get(id(c.from)) ?? 1,
    candidatesOfTo: count.get(id(c.to)) ?? 1,
  }));
}

/** The feature vector of one candidate, in JOIN_FEATURES order. */
export function joinFeatures(c: JoinCandidate, from: JoinSide, to: JoinSide, competition?: JoinCompetition): number[] {
  const k = competition ?? { bestOmegaOfFrom: c.omega, bestOmegaOfTo: c.omega, candidatesOfFrom: 1, candidatesOfTo: 1 };
  const [fromCol, toCol] = [nameStems(from.name), nameStems(to.name)];
  const [fromTable, toTable] = [nameStems(from.table), nameStems(to.table)];
  const normalized = (n: string) => n.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  const sameName = normalized(from.name) === normalized(to.name) ? 1 : 0;
  const fromNamesTo = namesTable(fromCol, toTable);
  const toNamesFrom = namesTable(toCol, fromTable);
  const toNamesOwn = namesTable(toCol, toTable);
  const toGeneric = toCol.length > 0 && toCol.every((t) => GENERIC_KEY.has(t)) ? 1 : 0;
  const nameEvidence = Math.max(sameName, fromNamesTo, jaccardOf(fromCol, toCol));
  // Reverse containment from the forward one: |from ∩ to| = c·|from|, so |from ∩ to| / |to| follows.
  const reverse = to.distinct > 0 ? Math.min(1, (c.containment * from.distinct) / to.distinct) : 0;
  const bothSequential = sequential(from) && sequential(to) ? 1 : 0;
  const values: Record<JoinFeatureName, number> = {
    omega: c.omega,
    semantic: c.semantic,
    jaccard: c.jaccard,
    uniquenessMax: Math.max(c.uniquenessFrom, c.uniquenessTo),
    uniquenessFrom: c.uniquenessFrom,
    uniquenessTo: c.uniquenessTo,
    containmentFromInTo: c.containment,
    containmentToInFrom: reverse,
    toNearlyUnique: c.uniquenessTo >= 0.99 ? 1 : 0,
    oneToOne: c.uniquenessFrom >= 0.99 && c.uniquenessTo >= 0.99 ? 1 : 0,
    sameColumnName: sameName,
    nameTokenJaccard: jaccardOf(fromCol, toCol),
    fromNamesToTable: fromNamesTo,
    toNamesOwnTable: toNamesOwn,
    fromNamesOwnTable: namesTable(fromCol, fromTable),
    toNamesFromTable: toNamesFrom,
    toGenericKeyName: toGeneric,
    fromKeySuffix: GENERIC_KEY.has(fromCol.at(-1) ?? "") ? 1 : 0,
    toKeySuffix: GENERIC_KEY.has(toCol.at(-1) ?? "") ? 1 : 0,
    nameEvidence,
    bothInteger: from.type === "integer" && to.type === "integer" ? 1 : 0,
    bothText: from.type === "text" && to.type === "text" ? 1 : 0,
    denseFrom: density(from),
    denseTo: density(to),
    sequentialBoth: bothSequential,
    surrogateWithoutNames: bothSequential * (1 - Math.max(sameName, fromNamesTo)),
    rangeOverlap: rangeOverlap(from, to),
    log10DistinctFrom: log10(from.distinct),
    log10DistinctTo: log10(to.distinct),
    log10DistinctRatio: log10(from.distinct) - log10(to.distinct),
    log10RowRatio: log10(from.rowCount) - log10(to.rowCount),
    nullShareFrom: from.nullShare,
    containmentTimesNames: c.containment * nameEvidence,
    inclusionRule: c.rule === "inclusion" ? 1 : 0,
    eitherNamesOtherTable: Math.max(fromNamesTo, toNamesFrom),
    toKeyLike: c.uniquenessTo >= 0.99 && (toGeneric || toNamesOwn > 0) ? 1 : 0,
    omegaGapToBestOfFrom: k.bestOmegaOfFrom - c.omega,
    omegaGapToBestOfTo: k.bestOmegaOfTo - c.omega,
    log2CandidatesOfFrom: Math.log2(k.candidatesOfFrom),
    log2CandidatesOfTo: Math.log2(k.candidatesOfTo),
    toIsTableKey: to.isTableKey ? 1 : 0,
    fromIsTableKey: from.isTableKey ? 1 : 0,
    toIsFirstColumn: to.isFirstColumn ? 1 : 0,
    fromIsFirstColumn: from.isFirstColumn ? 1 : 0,
  };
  return JOIN_FEATURES.map((f) => values[f]);
}
