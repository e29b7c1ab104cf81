import type { ColumnType } from "../model/dataset";
import { MAX_JOIN_CANDIDATES, MAX_JOINS_PER_COLUMN } from "../model/limits";
import type { JoinCandidate, ValueSketch } from "../model/index-types";
import { dot, type TextEncoder } from "../text/encoder";
import { expandName } from "../text/expand-name";
import type { WordPredicate } from "../text/lexicon";
import { createHashedEncoder } from "../text/hashed-encoder";
import type { DeclaredJoin } from "./declared-joins";
import { typesCompatible } from "./type-compat";
import { cannotPass, CODE_INCLUSION, textCodes } from "./join-bounds";
import { sketchOverlap } from "./value-sketch";

/** What join discovery needs to know about one column. */
export type JoinColumn = {
  table: string;
  column: string;
  /** Display name; its expansion is what the semantic similarity compares. */
  name: string;
  type: ColumnType;
  description?: string;
  uniqueness: number;
  sketch: ValueSketch;
};

export type JoinDiscoveryOptions = {
  encoder?: TextEncoder;
  /** English words to keep as written when expanding names (see loadEnglishLexicon). */
  isWord?: WordPredicate;
  /** Declared foreign keys (see declaredJoins): always returned, with rule "declared". */
  declared?: readonly Pick<DeclaredJoin, "from" | "to">[];
  /** Keep candidates with ω at or above this. Default DEFAULT_JOIN_THRESHOLD. */
  threshold?: number;
  /** Share of s taken from names; the rest from descriptions. */
  nameWeight?: number;
  /** Columns whose uniqueness is below this cannot be the key side of a join. */
  minKeyUniqueness?: number;
  /** Inclusion rule: keep a pair below the threshold when this share of the referencing values… */
  minContainment?: number;
  /** …sits in a referenced column at least this unique… */
  inclusionKeyUniqueness?: number;
  /** …and the names are at least this similar. Set minContainment above 1 to turn the rule off. */
  inclusionMinSemantic?: number;
  /**
   * Called after each column's pairs (yield to the caller's event loop there); false stops the search with what it
   * found.
   */
  keepGoing?: () => Promise<boolean>;
  /** Told how many candidates passed when more than MAX_JOIN_CANDIDATES did (only the strongest are returned). */
  onCut?: (found: number) => void;
};

/**
 * Default ω threshold. With ω = (s + j) · max(u) a real key join has a near-unique side (max u ≈ 1)
 * and either matching values or a matching name, so it lands above 1; same-named measures
 * ("Enrollment" in two tables) reach ~0.7–0.9 on name alone. Measured on the test fixtures.
 */
export const DEFAULT_JOIN_THRESHOLD = 1.0;

/**
 * Jaccard punishes the commonest key join of all: a small child table referencing a big parent
 * (BIRD's satscores covers 13% of schools, so j ≈ 0.13 and ω ≈ 0.9). Such pairs are still kept
 * when the child's values are contained in a near-unique parent and the names agree.
 */
const INCLUSION = { minContainment: 0.9, keyUniqueness: 0.95, minSemantic: 0.4, minDistinct: 5 };

type Embedded = { col: JoinColumn; name: Float32Array; desc: Float32Array };

function nameText(c: JoinColumn, isWord?: WordPredicate): string {
  return expandName(c.name, { isWord }).text || c.name;
}

function ref(c: JoinColumn): string {
  return `${c.table}\u0000${c.column}`;
}

function pairId(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** FGTR's s: cosine of the expanded names blended with cosine of the descriptions, in [0, 1]. */
function semantic(x: Embedded, y: Embedded, nameWeight: number): number {
  return clamp01(nameWeight * dot(x.name, y.name) + (1 - nameWeight) * dot(x.desc, y.desc));
}

/**
 * Scores one pair: ω and its parts, oriented so that `from` references `to` (x first when
 * `forced`, as the caller knows the direction of a declared key).
 */
function scorePair(x: Embedded, y: Embedded, s: number, forced: boolean): Omit<JoinCandidate, "rule"> {
  const o = sketchOverlap(x.col.sketch, y.col.sketch);
  const xFirst = forced || referencesFirst(x.col, y.col, o.containmentAInB, o.containmentBInA);
  const [from, to] = xFirst ? [x.col, y.col] : [y.col, x.col];
  return {
    from: { table: from.table, column: from.column },
    to: { table: to.table, column: to.column },
    omega: (s + o.jaccard) * Math.max(from.uniqueness, to.uniqueness),
    semantic: s,
    jaccard: o.jaccard,
    containment: xFirst ? o.containmentAInB : o.containmentBInA,
    jaccardEstimated: o.estimated,
    uniquenessFrom: from.uniqueness,
    uniquenessTo: to.uniqueness,
  };
}

/**
 * FGTR eq. 3 over every pair of columns in different tables: ω = (s + j) × max(u_k, u_l), where
 * s is the cosine of the encoded names and descriptions, j the Jaccard similarity of the value
 * sets and u the uniqueness. Pairs of incompatible types are skipped. Returns declared keys, the
 * candidates at or above the threshold, and inclusion dependencies (see INCLUSION), strongest
 * first, oriented from the referencing column to the referenced one.
 */
export async function discoverJoins(
  columns: JoinColumn[],
  options: JoinDiscoveryOptions = {},
): Promise<JoinCandidate[]> {
  const encoder = options.encoder ?? createHashedEncoder();
  const threshold = options.threshold ?? DEFAULT_JOIN_THRESHOLD;
  const nameWeight = options.nameWeight ?? 0.7;
  const minKeyU = options.minKeyUniqueness ?? 0.5;
  const minContainment = options.minContainment ?? INCLUSION.minContainment;
  const inclusionKeyU = options.inclusionKeyUniqueness ?? INCLUSION.keyUniqueness;
  const inclusionMinS = options.inclusionMinSemantic ?? INCLUSION.minSemantic;

  const names = await encoder.embed(columns.map((c) => nameText(c, options.isWord)));
  const descs = await encoder.embed(columns.map((c) => c.description ?? nameText(c, options.isWord)));
  const embedded = columns.map((col, i): Embedded => ({ col, name: names[i], desc: descs[i] }));
  const byRef = new Map(embedded.map((e) => [ref(e.col), e]));

  const out: JoinCandidate[] = [];
  const declaredPairs = new Set<string>();
  for (const d of options.declared ?? []) {
    const x = byRef.get(`${d.from.table}\u0000${d.from.column}`);
    const y = byRef.get(`${d.to.table}\u0000${d.to.column}`);
    if (!x || !y) continue; // the server adapter passes every column; a missing one was not profiled
    declaredPairs.add(pairId(ref(x.col), ref(y.col)));
    out.push({ ...scorePair(x, y, semantic(x, y, nameWeight), true), rule: "declared" });
  }

  const strongest = new StrongestPerColumn(MAX_JOINS_PER_COLUMN);
  const usable = embedded.filter((e) => e.col.type !== "boolean" && e.col.type !== "real" && e.col.sketch.distinct > 1);
  for (let a = 0; a < usable.length; a++) {
    if (options.keepGoing && !(await options.keepGoing())) break;
    for (let b = a + 1; b < usable.length; b++) {
      const [x, y] = [usable[a], usable[b]];
      if (x.col.table === y.col.table || !typesCompatible(x.col.type, y.col.type)) continue;
      if (Math.max(x.col.uniqueness, y.col.uniqueness) < minKeyU) continue; // neither could be a key
      if (declaredPairs.has(pairId(ref(x.col), ref(y.col)))) continue;
      const s = semantic(x, y, nameWeight);
      const codes = textCodes(x.col, y.col);
      if (cannotPass(x.col, y.col, codes ? Math.max(s, inclusionMinS) : s, threshold, inclusionMinS, inclusionKeyU))
        continue;
      const c = scorePair(x, y, s, false);
      const inclusion =
        c.containment >= minContainment &&
        c.uniquenessTo >= inclusionKeyU &&
        (c.semantic >= inclusionMinS || (codes && c.containment >= CODE_INCLUSION.minContainment)) &&
        (x.col.table === c.from.table ? x : y).col.sketch.distinct >= INCLUSION.minDistinct;
      if (c.omega >= threshold) strongest.offer({ ...c, rule: "omega" });
      else if (inclusion) strongest.offer({ ...c, rule: "inclusion" });
    }
  }
  const kept = strongest.kept().sort((p, q) => (stronger(p, q) ? -1 : 1));
  if (kept.length > MAX_JOIN_CANDIDATES) options.onCut?.(kept.length);
  out.push(...kept.slice(0, MAX_JOIN_CANDIDATES));
  return out.sort((p, q) => q.omega - p.omega || key(p).localeCompare(key(q)));
}

/**
 * Each column's `limit` strongest candidates (by ω, then by name), kept while the search runs:
 * memory and output stay linear in the columns however many pairs pass. A candidate is kept when
 * it is among the strongest of either of its columns.
 */
class StrongestPerColumn {
  private readonly lists = new Map<string, JoinCandidate[]>();
  constructor(private readonly limit: number) {}

  offer(c: JoinCandidate): void {
    for (const end of [`${c.from.table}\u0000${c.from.column}`, `${c.to.table}\u0000${c.to.column}`]) {
      const list = this.lists.get(end) ?? [];
      if (list.length === this.limit && stronger(list[list.length - 1], c)) continue;
      let i = list.length;
      while (i > 0 && stronger(c, list[i - 1])) i--;
      list.splice(i, 0, c);
      if (list.length > this.limit) list.pop();
      this.lists.set(end, list);
    }
  }

  kept(): JoinCandidate[] {
    const all = new Set<JoinCandidate>();
    for (const list of this.lists.values()) for (const c of list) all.add(c);
    return [...all];
  }
}

// Each candidate's tie-break key, made once: thousands of equally strong candidates (same-named
// keys of many tables) are compared many times while they are ranked.
const keys = new WeakMap<JoinCandidate, string>();
const keyOf = (c: JoinCandidate) => {
  let k = keys.get(c);
  if (k === undefined) keys.set(c, (k = key(c)));
  return k;
};

const stronger = (p: JoinCandidate, q: JoinCandidate) =>
  p.omega > q.omega || (p.omega === q.omega && keyOf(p) < keyOf(q));

/**
 * Which side references the other: the one whose values sit inside the other's; when that does
 * not tell (both or neither contained), the less unique one, as a foreign key repeats its values.
 */
function referencesFirst(a: JoinColumn, b: JoinColumn, aInB: number, bInA: number): boolean {
  if (Math.abs(aInB - bInA) >= 0.05) return aInB > bInA;
  return a.uniqueness <= b.uniqueness;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

function key(c: JoinCandidate): string {
  return `${c.from.table}.${c.from.column}>${c.to.table}.${c.to.column}`;
}
