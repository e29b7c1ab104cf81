import { termsOf } from "../../cell-graph/match";
import { unitOf } from "../../cell-graph/units";
import { cosine, normalizeText, type TextEncoder } from "../../text";
import { relatedness } from "../../text/relations";
import { normalizedOf, type TableIndex } from "./table-index";

/** The question as the matchers read it: its terms with their idf in this table, words, text and vector. */
export type QuestionText = {
  question: string;
  terms: string[];
  idf: Map<string, number>;
  /** Sum of idf over the question's terms that occur in the table (the mass a match can explain). */
  mass: number;
  normalized: string;
  vector: Float32Array;
  /** Header term → the question term it relates to and how strongly (a related word, another form of it). */
  soft: Map<string, { q: string; r: number }>;
  /** Header term → the question term it is associated with in the training data, and how strongly. */
  assoc: Map<string, { q: string; r: number }>;
  /** Question term → how often such a term names the answer's headers (learned; 0.5 when unknown). */
  weight: Map<string, number>;
};

/** Learned associations: question term → header term → strength (the share of training questions
 *  asking with that term whose answer's headers held the other). */
export type Associations = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** A cell the question's words reach: the question terms it covers (by its words, related words or a
 *  learned association) and its features for the label model. */
export type LabelCandidate = { node: number; covers: string[]; x: number[] };

export const LABEL_FEATURES = [
  "cover",
  "softCover",
  "mass",
  "matched",
  "phrase",
  "cosine",
  "numberMatch",
  "onlyNumbers",
  "columnHeader",
  "rowHeader",
  "body",
  "level",
  "leaf",
  "section",
  "total",
  "unitLike",
  "ambiguity",
  "ownTerms",
  "assoc",
  "bigrams",
  "termWeight",
] as const;

/** Candidates reached at most per question (the strongest by idf mass of matched terms). */
const MAX_LABEL_CANDIDATES = 400;
const MAX_POSTING = 2000;

/** Reads the question against the table: its terms' idf here and the header words related to its words. */
export function questionText(
  index: TableIndex,
  question: string,
  encoder: TextEncoder,
  associations: Associations = {},
  termWeights: Readonly<Record<string, number>> = {},
): QuestionText {
  const terms = termsOf(question);
  const idf = new Map(terms.map((t) => [t, index.text.idf(t)]));
  const soft = new Map<string, { q: string; r: number }>();
  const words = [...new Set(normalizeText(question).match(/\p{L}{3,}/gu) ?? [])];
  const termOf = new Map(words.map((w) => [w, termsOf(w)[0] ?? w]));
  for (const [hw, term] of index.headerWords) {
    if (terms.includes(term)) continue;
    for (const qw of words) {
      const r = Math.max(relatedness(qw, hw), sameWordStem(qw, hw));
      if (r > (soft.get(term)?.r ?? 0)) soft.set(term, { q: termOf.get(qw)!, r });
    }
  }
  const assoc = new Map<string, { q: string; r: number }>();
  for (const q of terms) {
    const row = Object.hasOwn(associations, q) ? associations[q] : undefined;
    if (!row) continue;
    for (const [h, r] of Object.entries(row))
      if (!terms.includes(h) && index.postings.has(h) && r > (assoc.get(h)?.r ?? 0)) assoc.set(h, { q, r });
  }
  // The mass a match can explain: question terms the table holds, or reaches by a related word.
  const reachable = new Set([...terms.filter((t) => index.postings.has(t)), ...[...soft.values()].map((s) => s.q)]);
  const mass = [...reachable].reduce((s, t) => s + (idf.get(t) ?? 0), 0);
  const vector = (encoder as { embedOne?: (t: string) => Float32Array }).embedOne?.(question) ?? new Float32Array(0);
  const weight = new Map(terms.map((t) => [t, Object.hasOwn(termWeights, t) ? termWeights[t] : 0.5]));
  return { question, terms, idf, mass, normalized: ` ${normalizeText(question)} `, vector, soft, assoc, weight };
}

/** 0.7 for two forms of one word the stemmer keeps apart ("african" / "africa", a typo's "percentgae"). */
function sameWordStem(a: string, b: string): number {
  if (a.length < 5 || b.length < 5 || Math.abs(a.length - b.length) > 3) return 0;
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k >= 5 && k >= Math.min(a.length, b.length) - 3 ? 0.7 : 0;
}

/**
 * The cells the question's terms (and words related to them) reach through the inverted index,
 * each with its label features. Only posted cells are touched: a term held by more than 2,000
 * cells (a repeated category) reaches its first 2,000.
 */
export function labelCandidates(index: TableIndex, q: QuestionText, encoder: TextEncoder): LabelCandidate[] {
  const reached = new Map<number, number>();
  const reach = (t: string, w: number) => {
    for (const i of (index.postings.get(t) ?? []).slice(0, MAX_POSTING)) reached.set(i, (reached.get(i) ?? 0) + w);
  };
  for (const t of q.terms) reach(t, q.idf.get(t) ?? 0);
  for (const [t, s] of q.soft) reach(t, s.r * index.text.idf(t) * 0.5);
  for (const [t, a] of q.assoc) reach(t, a.r * index.text.idf(t) * 0.5);
  const top = [...reached.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, MAX_LABEL_CANDIDATES)
    .map(([i]) => i);
  return top.map((i) => labelCandidate(index, q, i, encoder));
}

function labelCandidate(index: TableIndex, q: QuestionText, i: number, encoder: TextEncoder): LabelCandidate {
  const { graph, tree, text } = index;
  const own = text.terms[i];
  const ownMass = own.reduce((s, t) => s + text.idf(t), 0) || 1;
  const matched = own.filter((t) => q.idf.has(t));
  const soft = own.filter((t) => !q.idf.has(t) && q.soft.has(t));
  const hit = matched.reduce((s, t) => s + text.idf(t), 0);
  const softHit = soft.reduce((s, t) => s + text.idf(t) * q.soft.get(t)!.r, 0);
  const assoc = own.map((t) => q.assoc.get(t)).filter((a) => a !== undefined);
  const covers = [
    ...new Set([...matched, ...soft.map((t) => q.soft.get(t)!.q), ...assoc.filter((a) => a.r >= 0.3).map((a) => a.q)]),
  ];
  const h = tree.headerOf.get(i);
  const header = h === undefined ? null : tree.headers[h];
  const norm = normalizedOf(index, i);
  const phrase = norm.trim().includes(" ") && q.normalized.includes(norm) ? 1 : 0;
  let vec = index.vectors.get(i);
  if (!vec) {
    vec =
      (encoder as { embedOne?: (t: string) => Float32Array }).embedOne?.(graph.nodes[i].value) ?? new Float32Array(0);
    index.vectors.set(i, vec);
  }
  const numeric = (t: string) => /^\d/.test(t);
  const df = matched.map((t) => Math.log(1 + (index.postings.get(t)?.length ?? 1)));
  const x = [
    hit / ownMass,
    softHit / ownMass,
    q.mass ? hit / q.mass : 0,
    matched.length,
    phrase,
    vec.length && q.vector.length ? cosine(vec, q.vector) : 0,
    matched.some(numeric) ? 1 : 0,
    matched.length && matched.every(numeric) ? 1 : 0,
    header?.axis === "column" ? 1 : 0,
    header?.axis === "row" ? 1 : 0,
    header ? 0 : 1,
    header ? Math.min(3, header.level) : 0,
    header ? (header.children.length ? 0 : 1) : 0,
    header?.section ? 1 : 0,
    header?.total ? 1 : 0,
    header && isUnitLike(graph.nodes[i].value) ? 1 : 0,
    df.length ? df.reduce((s, v) => s + v, 0) / df.length : 0,
    Math.log(1 + own.length),
    assoc.reduce((m, a) => Math.max(m, a.r), 0),
    bigramShare(own, q.terms),
    covers.length ? covers.reduce((m, t) => Math.max(m, q.weight.get(t) ?? 0.5), 0) : 0,
  ];
  return { node: i, covers, x };
}

/** Share of a label's consecutive term pairs the question has in the same order ("revenue passenger"). */
function bigramShare(own: readonly string[], terms: readonly string[]): number {
  if (own.length < 2) return 0;
  const pairs = new Set(terms.slice(1).map((t, i) => `${terms[i]} ${t}`));
  let hit = 0;
  for (let i = 1; i < own.length; i++) if (pairs.has(`${own[i - 1]} ${own[i]}`)) hit++;
  return hit / (own.length - 1);
}

function isUnitLike(value: string): boolean {
  const u = unitOf(value);
  return value.length < 40 && (u.percent || u.scale !== 1 || u.currency !== null);
}
