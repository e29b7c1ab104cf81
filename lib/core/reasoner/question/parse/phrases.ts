import type { Token } from "./tokens";

/** Words that end a noun phrase: prepositions, relative pronouns, verbs of being and having. */
export const BOUNDARY = new Set(
  (
    "of for from in on at with without whose who whom that which where when by than has have had is are was were be " +
    "do does did ordered sorted order sort grouped along as if whether but to per there their correspond " +
    "corresponding " +
    "used using belonging located after before between under over above below not more less fewer greater larger " +
    "smaller higher lower older younger heavier lighter taller shorter longer also respectively including into among " +
    "whereas while since until can could will would should may might must own owns owned named called titled " +
    "aged either neither born based"
  ).split(" "),
);

const CLAUSE_STARTS = new Set("how what which who list show also return find give tell count".split(" "));
const DETERMINERS = new Set(
  (
    "the a an all each every any some its their his her our this that these those different distinct unique " +
    "various respective"
  ).split(" "),
);

/** A span of tokens [from, to] (inclusive) read as lowercase words. */
export type Span = { from: number; to: number; words: string[] };

/** Reads a noun phrase from token i: skips determiners, stops at a boundary word or punctuation. */
export function readNounPhrase(
  question: string,
  tokens: Token[],
  i: number,
  extraStops: ReadonlySet<string> = new Set(),
): Span | null {
  let k = i;
  while (k < tokens.length && DETERMINERS.has(tokens[k].lower)) k++;
  const from = k;
  while (k < tokens.length) {
    const t = tokens[k];
    if (
      BOUNDARY.has(t.lower) ||
      extraStops.has(t.lower) ||
      t.lower === "and" ||
      t.lower === "or" ||
      /^\d/.test(t.lower)
    )
      break;
    if (k > from && /[,;:?!.()]/.test(question.slice(tokens[k - 1].end, t.start))) break;
    k++;
  }
  if (k === from) return null;
  return { from, to: k - 1, words: tokens.slice(from, k).map((t) => t.lower) };
}

/**
 * Reads a list of noun phrases ("name, country, and age") from token i: phrases joined by
 * commas and "and"/"or". Returns the phrases and the index after the list.
 */
export function readPhraseList(
  question: string,
  tokens: Token[],
  i: number,
  extraStops: ReadonlySet<string> = new Set(),
): { phrases: Span[]; next: number } {
  const phrases: Span[] = [];
  let k = i;
  for (;;) {
    const p = readNounPhrase(question, tokens, k, extraStops);
    if (!p) break;
    phrases.push(p);
    k = p.to + 1;
    const gap = k < tokens.length ? question.slice(tokens[k - 1].end, tokens[k].start) : "";
    if (tokens[k]?.lower === "and" || tokens[k]?.lower === "or") {
      // "name and age of singers" continues; "… and how many …" starts a new clause.
      const after = tokens[k + 1]?.lower;
      if (!after || CLAUSE_STARTS.has(after)) break;
      k++;
      continue;
    }
    if (/^\s*,\s*$/.test(gap) && k < tokens.length && !BOUNDARY.has(tokens[k].lower)) {
      if (tokens[k].lower === "and") k++;
      continue;
    }
    break;
  }
  return { phrases, next: k };
}

/** Joins a span's words. */
export function spanWords(span: Span): string {
  return span.words.join(" ");
}
