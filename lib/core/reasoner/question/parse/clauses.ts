import type { Comparator } from "../../../trace/atoms";
import type { NumberMention } from "../../../retrieval/types";
import { SUPERLATIVES, STOPWORDS } from "../../lang/en/lexicon";
import { readNounPhrase, spanWords } from "./phrases";
import type { Token } from "./tokens";
import {
  GROUP_LEADS,
  UNITS,
  HAVE_CUES,
  NEGATION,
  MAGNITUDES,
  BEFORE_WORDS,
  AFTER_WORDS,
  DESCENDING,
  FROM_TO,
  ORDER_LEADS,
  ORDER_SKIPPED,
  ORDER_DIRECTIONS,
  ORDER_CUE,
  ORDER_BY_TAIL,
  MOST_COMMON,
  GENERIC_SUPERLATIVE_HEADS,
  COUNT_WORD,
  NEGATED_VERBS,
  TIME_POSITIONS,
  FIRST_POSITION,
  LAST_POSITION,
} from "../../lang/en/clauses";

export type OrderAsk = { phrase: string; direction: "asc" | "desc" };
export type SuperlativeAsk = { word: string; phrase: string; byCount: boolean };
export type HavingAsk = { comparator: Comparator; value: number; phrase: string; text: string };

function find(tokens: Token[], words: string[], from = 0): number {
  for (let i = from; i + words.length <= tokens.length; i++) {
    if (words.every((w, k) => tokens[i + k].lower === w)) return i;
  }
  return -1;
}

/** "for each type of pet" → ["type of pet"]; "… for each." → [""] (group by the asked-for attribute). */
export function parseGroupBy(question: string, tokens: Token[]): string[] {
  for (const lead of GROUP_LEADS) {
    const words = lead.split(" ");
    const at = find(tokens, words);
    if (at < 0) continue;
    const np = readNounPhrase(question, tokens, at + words.length);
    if (!np) return [""];
    // "type of pet": keep the "of" complement, it narrows the attribute.
    let phrase = spanWords(np);
    if (tokens[np.to + 1]?.lower === "of") {
      const more = readNounPhrase(question, tokens, np.to + 2);
      if (more) phrase += ` of ${spanWords(more)}`;
    }
    return [phrase];
  }
  return [];
}

/** Sorting asked for: "ordered by age", "in descending order of X", "from the oldest to the youngest". */
export function parseOrderBy(question: string, tokens: Token[]): OrderAsk | null {
  const q = question.toLowerCase();
  const desc = DESCENDING.test(q);
  const fromTo = FROM_TO.exec(q);
  if (fromTo && SUPERLATIVES[fromTo[1]] && SUPERLATIVES[fromTo[2]]) {
    return { phrase: fromTo[1], direction: SUPERLATIVES[fromTo[1]].direction === "max" ? "desc" : "asc" };
  }
  for (const lead of ORDER_LEADS) {
    let at = find(tokens, lead);
    if (at < 0) continue;
    at += lead.length;
    while (tokens[at] && ORDER_SKIPPED.includes(tokens[at].lower)) at++;
    const np = readNounPhrase(question, tokens, at, ORDER_DIRECTIONS);
    if (np) return { phrase: spanWords(np), direction: desc ? "desc" : "asc" };
  }
  // "in alphabetical order", "sorted alphabetically": by the first asked-for name.
  if (ORDER_CUE.test(q)) {
    const by = ORDER_BY_TAIL.exec(q);
    return { phrase: by && !/order/.test(by[1]) ? by[1] : "", direction: desc ? "desc" : "asc" };
  }
  return null;
}

/** A superlative outside the opening ("with the highest net worth", "has the most documents"). */
export function parseSuperlative(
  question: string,
  tokens: Token[],
  from: number,
  skipWords: ReadonlySet<number>,
): SuperlativeAsk | null {
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i];
    if (skipWords.has(i) || !SUPERLATIVES[t.lower] || t.quoted) continue;
    // "at least 3", "at most 5" are bounds, not superlatives.
    if ((t.lower === "least" || t.lower === "most") && tokens[i - 1]?.lower === "at") continue;
    // "at the top of the table" is a position, not a superlative.
    if ((t.lower === "top" || t.lower === "bottom") && tokens[i + 1]?.lower === "of") continue;
    // "most" as an adverb of an adjective: "most expensive" is its own superlative.
    const two = `${t.lower} ${tokens[i + 1]?.lower ?? ""}`;
    if (SUPERLATIVES[two]) return { word: two, phrase: "", byCount: false };
    if (MOST_COMMON.test(tokens[i + 1]?.lower ?? "")) {
      const np = readNounPhrase(question, tokens, i + 2);
      return { word: `${t.lower} common`, phrase: np ? spanWords(np) : "", byCount: true };
    }
    const entry = SUPERLATIVES[t.lower];
    if (entry.concept.length > 0 && !GENERIC_SUPERLATIVE_HEADS.includes(t.lower))
      return { word: t.lower, phrase: "", byCount: false };
    let k = i + 1;
    if (tokens[k]?.lower === "number" && tokens[k + 1]?.lower === "of") k += 2;
    else if (tokens[k]?.lower === "amount" && tokens[k + 1]?.lower === "of") k += 2;
    const np = readNounPhrase(question, tokens, k);
    const phrase = np ? spanWords(np) : "";
    const counted =
      k > i + 1 ||
      (["most", "least", "fewest"].includes(t.lower) &&
        /s$/.test(np?.words[np.words.length - 1] ?? "") &&
        !/ss$/.test(phrase));
    return { word: t.lower, phrase, byCount: counted || (!np && ["most", "least", "fewest"].includes(t.lower)) };
  }
  return null;
}

/**
 * A condition on a count: "students who have more than one pet", "documents with at least two
 * paragraphs". The number must be followed by a counted noun (not a unit) and come after a
 * having-like cue.
 */
export function parseHaving(tokens: Token[], numbers: NumberMention[]): HavingAsk | null {
  for (const n of numbers) {
    // Only an explicit bound ("more than one pet") makes a count condition; "6 game" does not.
    if (n.comparator === "between" || n.comparator === "!=" || n.comparator === "=") continue;
    const at = tokens.findIndex((t) => t.text === n.text || (n.text.includes(t.text) && COUNT_WORD.test(t.lower)));
    if (at < 0) continue;
    const noun = tokens[at + 1];
    if (!noun || STOPWORDS.has(noun.lower) || UNITS.has(noun.lower) || MAGNITUDES.test(noun.lower)) continue;
    const cue = tokens.slice(Math.max(0, at - 6), at).some((t) => HAVE_CUES.has(t.lower));
    if (!cue) continue;
    // "more than one Nobel Prize": the counted noun may be two words.
    const second = tokens[at + 2];
    const two = second && !STOPWORDS.has(second.lower) && /^[\p{L}]/u.test(second.text);
    const phrase = two && second.start - noun.end <= 1 ? `${noun.lower} ${second.lower}` : noun.lower;
    return { comparator: n.comparator, value: n.value, phrase, text: n.text };
  }
  return null;
}

/** The negated part of the question ("students who do not have a cat" → "cat"). */
export function parseNegation(question: string, tokens: Token[]): { phrase: string } | null {
  const q = question.toLowerCase();
  const m = NEGATION.exec(q);
  if (!m) return null;
  const start = (m.index ?? 0) + m[0].length;
  const rest = tokens.filter((t) => t.start >= start);
  const end = rest.findIndex(
    (t, k) => k > 0 && (t.lower === "but" || /[,;.?!]/.test(q.slice(rest[k - 1].end, t.start))),
  );
  const words = (end < 0 ? rest : rest.slice(0, end))
    .map((t) => t.lower)
    .filter((w) => !STOPWORDS.has(w) && !NEGATED_VERBS.includes(w));
  return { phrase: words.join(" ") };
}

/**
 * "which team won previous to Crettyard", "the next model listed after Disk'O": the row next to
 * the one a value names. Years and numbers ("after 2010") are ranges, not positions.
 */
export function parseAdjacent(question: string): { offset: number; phrase: string } | null {
  const q = question.toLowerCase();
  for (const [re, offset] of [
    [BEFORE_WORDS, -1],
    [AFTER_WORDS, 1],
  ] as const) {
    const m = re.exec(q);
    if (!m) continue;
    const phrase = m[1].trim().replace(/^["'“‘]|["'”’]$/g, "");
    if (!phrase || /^\d/.test(phrase) || TIME_POSITIONS.test(phrase)) continue;
    return { offset, phrase };
  }
  return null;
}

/** "the first game", "the last year", "at the top of the chart": a position in row order. */
export function parsePosition(question: string, tokens: Token[]): "first" | "last" | null {
  const q = question.toLowerCase();
  if (FIRST_POSITION.test(q)) return "first";
  if (LAST_POSITION.test(q)) return "last";
  for (const t of tokens) {
    if (t.lower !== "first" && t.lower !== "last") continue;
    const next = tokens[t.index + 1]?.lower ?? "";
    // "first name", "last name" are columns; "the last time" is still a position.
    if (next === "name" || next === "names") continue;
    return t.lower;
  }
  return null;
}
