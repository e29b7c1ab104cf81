import { normalizeText, stem } from "../text";
import type { CellGraph } from "./graph";

/** Words that say nothing about which cell is meant (question and function words). */
const STOP = new Set(
  ("a an the of in on at to for from by with and or but is are was were be been do does did has have had what which who whom whose " +
    "where when why how that this these those there their its it they them he she his her we our you your i me my as into about " +
    "than then can could would should will shall may might must please tell give show find get much many value values amount " +
    "figure figures data reported report according table during").split(" "),
);

/** Irregular forms the stemmer cannot join ("spent" ↔ "spend"), common in table questions. */
const IRREGULAR: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  spent: "spend", paid: "pay", sold: "sell", bought: "buy", made: "make", grew: "grow", grown: "grow", rose: "rise", risen: "rise",
  fell: "fall", fallen: "fall", won: "win", lost: "lose", held: "hold", built: "build", gave: "give", given: "give", took: "take",
  taken: "take", flew: "fly", flown: "fly", met: "meet", led: "lead", left: "leave", kept: "keep", brought: "bring", ran: "run",
  women: "woman", men: "man", children: "child", people: "person",
});

/** Content terms of a text: stemmed words, numbers with their thousands commas and signs removed. */
export function termsOf(text: string): string[] {
  const cleaned = text.replace(/(\d),(?=\d{3}\b)/g, "$1").replace(/[$€£%]/g, " ");
  const out: string[] = [];
  for (const w of normalizeText(cleaned).match(/[\p{L}\p{N}]+(?:\.\d+)?/gu) ?? []) {
    if (STOP.has(w)) continue;
    const t = /^\d/.test(w) ? w : stem(IRREGULAR[w] ?? w);
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/** Per-node terms and their document frequency over the graph, for weighted keyword matching. */
export type GraphText = {
  terms: string[][];
  idf: (term: string) => number;
};

/** Reads every node's terms once; the idf favours rare words ("fuel") over common ones ("total"). */
export function graphText(g: CellGraph): GraphText {
  const terms = g.nodes.map((n) => termsOf(n.value));
  const df = new Map<string, number>();
  for (const ts of terms) for (const t of ts) df.set(t, (df.get(t) ?? 0) + 1);
  const n = Math.max(1, g.nodes.length);
  return { terms, idf: (t) => Math.log(1 + n / (df.get(t) ?? 0.5)) };
}

/**
 * How well node i matches the query terms: the idf-weighted share of the node's own terms the
 * query names, times the idf mass it covers. A node that is only "Total" matches "total" fully; a
 * long header matched by one word matches weakly. Returns the matched terms too.
 */
export function matchNode(text: GraphText, i: number, query: readonly string[]): { score: number; matched: string[] } {
  const own = text.terms[i];
  if (!own.length || !query.length) return { score: 0, matched: [] };
  let hit = 0;
  let total = 0;
  const matched: string[] = [];
  for (const t of own) {
    const w = text.idf(t);
    total += w;
    if (query.includes(t)) {
      hit += w;
      matched.push(t);
    }
  }
  if (!matched.length) return { score: 0, matched };
  return { score: hit * Math.sqrt(hit / total), matched };
}
