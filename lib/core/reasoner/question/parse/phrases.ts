import type { Token } from "./tokens";
import { BOUNDARY, CLAUSE_STARTS, DETERMINERS } from "../../lang/en/phrases";

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
