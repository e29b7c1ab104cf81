import { parseColumnKey, type ColumnRef } from "../../model/column-ref";
import type { LearnedExample, ProgramJson } from "../../model/program";
import { tokenize } from "../question/parse/tokens";
import { parseEntities } from "../question/parse/entities";
import { STOPWORDS } from "../lang/en/lexicon";
import { stem, wordsMeet } from "../../retrieval/vocab";

/**
 * Learning from the user (Iyer et al. 2017's loop, on one dataset): an answer the user confirmed
 * is kept as (question, program); a new question close to a confirmed one reuses its program, its
 * conditions re-read from the new question's values. A rejected program is not given again for a
 * question close to the one it was rejected on.
 */

/** How close two questions must be for a confirmed program to be reused (and a rejected one avoided). */
export const REUSE_SIMILARITY = 0.6;
export const REJECT_SIMILARITY = 0.75;
/**
 * How close a question must be to a confirmed one for the confirmed program's computation to be
 * preferred among this question's own candidates (answer/learned-preference.ts), and for its columns
 * to be retrieved so that it can be. Lower than REUSE_SIMILARITY: there the ranker must also have
 * generated the same computation from this question, so words alone need not carry the match.
 */
export const PREFER_SIMILARITY = 0.3;

/** Content words of a question with its values masked: what it asks, not about which row. */
function askedWords(text: string): string[] {
  const tokens = tokenize(text);
  const values = new Set(parseEntities(text, tokens).flatMap((e) => e.text.toLowerCase().split(/\s+/)));
  return tokens
    .filter((t) => !STOPWORDS.has(t.lower) && !/^\d/.test(t.lower) && !values.has(t.lower) && !t.quoted)
    .map((t) => t.lower);
}

/** Soft overlap of two word lists (stems, synonyms, WordNet): matched words over all words, 0–1. */
function overlap(a: string[], b: string[]): number {
  if (!a.length || !b.length) return 0;
  const hitA = a.filter((w) => b.some((x) => stem(x) === stem(w) || wordsMeet(w, x))).length;
  const hitB = b.filter((w) => a.some((x) => stem(x) === stem(w) || wordsMeet(x, w))).length;
  return (hitA + hitB) / (a.length + b.length);
}

/** How close a question is to an example: to its question, or to its reading. */
export function similarity(question: string, example: Pick<LearnedExample, "question" | "reading">): number {
  const q = askedWords(question);
  return Math.max(overlap(q, askedWords(example.question)), 0.9 * overlap(q, askedWords(example.reading)));
}

/** The closest example of a verdict, when close enough. */
export function nearestExample(
  question: string,
  examples: readonly LearnedExample[],
  verdict: LearnedExample["verdict"],
  min: number,
): { example: LearnedExample; similarity: number } | null {
  let best: { example: LearnedExample; similarity: number } | null = null;
  for (const e of examples) {
    if (e.verdict !== verdict) continue;
    const s = similarity(question, e);
    if (s >= min && (!best || s > best.similarity)) best = { example: e, similarity: Math.round(s * 1000) / 1000 };
  }
  return best;
}

/** Every column a program reads, so retrieval keeps them for it. */
export function programColumns(program: ProgramJson): ColumnRef[] {
  const keys = [
    ...program.select.map((s) => s.column),
    ...program.where.map((w) => w.column),
    ...(program.negation?.where.map((w) => w.column) ?? []),
    ...program.groupBy,
    program.orderBy?.item.column ?? null,
  ].filter((k): k is string => !!k);
  return [...new Set(keys)].map(parseColumnKey);
}

/** Whether two programs are the same computation (same JSON). */
export function sameProgram(a: ProgramJson, b: ProgramJson): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
