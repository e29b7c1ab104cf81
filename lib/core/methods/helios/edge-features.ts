import { normalizeText, words } from "../../text/normalize";
import type { NodeMaxSims } from "./edge-retrieval";
import type { HeliosIndex } from "./graph-index";
import { passageText, segmentText } from "./linearize";
import { isStopword } from "./stopwords";
import type { FineQuery } from "./rerank";
import { maxSimPerToken } from "./token-space";
import type { Link, Segment } from "./types";

/** A MaxSim at or above this is the same word (an exact or same-stem match), not a near one. */
const SAME_WORD = 0.95;

/** Question-side data every edge's features read: the fine query plus its caption MaxSims per table. */
export type EdgeQuery = FineQuery & {
  /** Sum of the query tokens' IDF weights. */
  total: number;
  /** The question normalised and padded with spaces, for " phrase " lookups. */
  padded: string;
  sims: Float32Array[];
};

/** Nodes whose texts are kept per index: the retrieved ones of recent questions, not a million rows. */
const TEXTS_KEPT = 20_000;

/** What a node's text is, computed once per index and node (question-independent). */
type NodeText = { norm: string; named: string[]; words: Set<string> };
const texts = new WeakMap<HeliosIndex, Map<string, NodeText>>();
const captions = new WeakMap<HeliosIndex, Map<string, Int32Array>>();

const bareTitle = (title: string) => normalizeText(title.replace(/\s*\([^)]*\)\s*$/, ""));

function nodeText(index: HeliosIndex, id: string): NodeText {
  let cache = texts.get(index);
  if (!cache) texts.set(index, (cache = new Map()));
  let t = cache.get(id);
  if (t) return t;
  const seg = index.segments.get(id);
  if (seg) {
    const values = seg.values.map((v) => (v === null ? "" : normalizeText(String(v)))).filter((v) => v.length > 1);
    const norm = normalizeText(segmentText(seg));
    t = { norm: ` ${norm} `, named: values, words: new Set(values.flatMap((v) => words(v))) };
  } else {
    const p = index.passages.get(id)!;
    const norm = normalizeText(passageText(p));
    t = { norm: ` ${norm} `, named: [bareTitle(p.title)], words: new Set(words(norm)) };
  }
  if (cache.size >= TEXTS_KEPT) cache.clear();
  cache.set(id, t);
  return t;
}

/** Token ids of a row's table caption (its name by default): matching it locates the table, not the row. */
function captionIds(index: HeliosIndex, segment: Segment): Int32Array {
  let cache = captions.get(index);
  if (!cache) captions.set(index, (cache = new Map()));
  const caption = segment.caption ?? segment.table;
  let ids = cache.get(caption);
  if (!ids) cache.set(caption, (ids = index.space.tokenIds(caption)));
  return ids;
}

/** The question read once for the edge features. */
export function edgeQuery(question: string, fq: FineQuery, sims: Float32Array[]): EdgeQuery {
  return { ...fq, total: fq.weights.reduce((a, b) => a + b, 0) || 1, padded: ` ${normalizeText(question)} `, sims };
}

/** Whether the question holds a normalised string as a run of whole words. */
const named = (q: EdgeQuery, norm: string) => norm.length > 1 && q.padded.includes(` ${norm} `);

/**
 * Features of one edge (segment, passage) against the question, for the trained edge reranker g_e
 * (HELIOS §4.1): how much of the question, weighted by IDF, the row, its table's caption and the
 * passage match word for word or nearly, what the passage adds that the row lacks, the question's
 * word pairs found in order, cells and titles the question names, its numbers in the row, and how
 * the edge was linked. All in [0, 1] so one weight vector fits every question.
 */
export function edgeFeatures(
  index: HeliosIndex,
  q: EdgeQuery,
  maxSims: NodeMaxSims,
  segment: string,
  passage: string | null,
  link: Link | undefined,
): Record<string, number> {
  const seg = maxSims.segments.get(segment);
  const s0 = index.segments.get(segment);
  if (!seg || !s0) return {};
  const pas = passage ? maxSims.passages.get(passage) : undefined;
  const cap = maxSimPerToken(q.sims, captionIds(index, s0));
  let soft = 0;
  let segExact = 0;
  let rowExact = 0;
  let capExact = 0;
  let pasExact = 0;
  let fresh = 0;
  let missing = 0;
  let plain = 0;
  for (let i = 0; i < seg.length; i++) {
    const w = q.weights[i];
    const p = pas ? pas[i] : 0;
    const m = p > seg[i] ? p : seg[i];
    plain += m;
    soft += w * m * m;
    if (seg[i] >= SAME_WORD) segExact += w;
    if (seg[i] >= SAME_WORD && cap[i] < SAME_WORD) rowExact += w;
    if (cap[i] >= SAME_WORD) capExact += w;
    if (p >= SAME_WORD) pasExact += w;
    if (p >= SAME_WORD && seg[i] < SAME_WORD) fresh += w;
    if (m < 0.5) missing += w;
  }
  const n = seg.length || 1;
  const segText = nodeText(index, segment);
  const pasText = passage ? nodeText(index, passage) : null;
  const text = pasText ? `${segText.norm} ${pasText.norm}` : segText.norm;
  const phrases = q.phrases.length ? q.phrases.filter((ph) => text.includes(` ${ph} `)).length / q.phrases.length : 0;
  const cellNamed = segText.named.filter((v) => named(q, v));
  const longest = Math.max(0, ...cellNamed.map((v) => v.split(" ").length));
  const numbers = q.numbers.length ? q.numbers.filter((x) => segText.words.has(x)).length / q.numbers.length : 0;
  const linkHeader = link?.column ? s0.header[s0.columns.indexOf(link.column)] : undefined;
  const headerHits = linkHeader
    ? words(linkHeader).filter((w) => !isStopword(w) && q.padded.includes(` ${w} `)).length
    : 0;
  return {
    maxsim: plain / n,
    soft: soft / q.total,
    segExact: segExact / q.total,
    rowExact: rowExact / q.total,
    captionExact: capExact / q.total,
    passageExact: pasExact / q.total,
    passageFresh: fresh / q.total,
    missing: missing / q.total,
    phrases,
    cellNamed: cellNamed.length ? 1 : 0,
    cellNamedLong: Math.min(longest, 4) / 4,
    numbersInRow: numbers,
    hasPassage: passage ? 1 : 0,
    titleNamed: pasText && named(q, pasText.named[0]) ? 1 : 0,
    linkHeaderNamed: headerHits ? 1 : 0,
    [`link=${link?.kind ?? (passage ? "expanded" : "none")}`]: 1,
    freshWhenRowNamed: cellNamed.length ? fresh / q.total : 0,
    // Whether the two halves belong together: the passage writes one of the row's names (a link the
    // data lacks, which node expansion looks for) or the row names the passage's title.
    passageWritesRow:
      pasText && segText.named.some((v) => v.length >= 4 && /\p{L}/u.test(v) && pasText.norm.includes(` ${v} `))
        ? 1
        : 0,
    rowNamesPassage: pasText && segText.norm.includes(` ${pasText.named[0]} `) ? 1 : 0,
  };
}

/**
 * Features of one node of G_c against the question, for the trained node reranker g_n (HELIOS
 * §4.2, seed selection): the same word alignment as an edge's, of the row or the passage alone
 * (the paper's g_n reads the node's text), and how many nodes G_d links it to.
 */
export function nodeFeatures(
  index: HeliosIndex,
  q: EdgeQuery,
  maxSims: NodeMaxSims,
  node: string,
  side: "segment" | "passage",
): Record<string, number> {
  const sims = side === "segment" ? maxSims.segments.get(node) : maxSims.passages.get(node);
  if (!sims) return {};
  const cap = side === "segment" ? maxSimPerToken(q.sims, captionIds(index, index.segments.get(node)!)) : null;
  let soft = 0;
  let exact = 0;
  let own = 0;
  let missing = 0;
  for (let i = 0; i < sims.length; i++) {
    const w = q.weights[i];
    soft += w * sims[i] * sims[i];
    if (sims[i] >= SAME_WORD) exact += w;
    if (sims[i] >= SAME_WORD && (!cap || cap[i] < SAME_WORD)) own += w;
    if (sims[i] < 0.5) missing += w;
  }
  const t = nodeText(index, node);
  const namedHere = t.named.filter((v) => named(q, v));
  const prefix = side === "segment" ? "row" : "passage";
  return {
    [`${prefix}:soft`]: soft / q.total,
    [`${prefix}:exact`]: exact / q.total,
    [`${prefix}:own`]: own / q.total,
    [`${prefix}:missing`]: missing / q.total,
    [`${prefix}:named`]: namedHere.length ? 1 : 0,
    [`${prefix}:degree`]:
      Math.min((side === "segment" ? index.bySegment : index.byPassage).get(node)?.length ?? 0, 8) / 8,
  };
}
