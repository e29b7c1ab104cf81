import type { NumberMention } from "../types";
import { comparatorAfter, comparatorBefore } from "./comparators";
import { NUMBER_WORDS, SUPERLATIVES } from "./lexicon";
import type { Token } from "./tokens";

const NUMERIC = /^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^-?\d+(?:\.\d+)?$/;
const LIMIT_LEAD = new Set(["top", "first", "last", "bottom"]);

/** The numeric value of a token, or null ("5,000" → 5000, "three" → 3). */
export function numberOf(token: Token): number | null {
  if (NUMERIC.test(token.text)) return Number(token.text.replace(/,/g, ""));
  const word = NUMBER_WORDS[token.lower];
  return word === undefined ? null : word;
}

/** True for 4-digit numbers that read as years (1800–2100). */
export function isYearToken(token: Token): boolean {
  return /^\d{4}$/.test(token.text) && Number(token.text) >= 1800 && Number(token.text) <= 2100;
}

function contextWords(tokens: Token[], i: number, before: number, after: number): string {
  const lo = Math.max(0, i - before);
  const words = [...tokens.slice(lo, i), ...tokens.slice(i + 1, i + 1 + after)].map((t) => t.lower);
  return words.join(" ");
}

export type NumberParse = { numbers: NumberMention[]; limit: number | null };

/**
 * Numbers of the question with their comparators: "not more than 250" → ≤ 250, "between 5000
 * and 10000" → between, "5 or more" → ≥ 5. "top 3" / "the 3 oldest" become the limit instead.
 * Number words count only where a comparator or a counted noun makes them a quantity.
 */
export function parseNumbers(question: string, tokens: Token[]): NumberParse {
  const lower = question.toLowerCase();
  const numbers: NumberMention[] = [];
  let limit: number | null = null;
  const used = new Set<number>();
  for (const t of tokens) {
    if (used.has(t.index) || t.quoted) continue;
    const value = numberOf(t);
    if (value === null) continue;
    const isWord = !/\d/.test(t.text);
    const prev = tokens[t.index - 1];
    const next = tokens[t.index + 1];
    if (
      (prev && LIMIT_LEAD.has(prev.lower)) ||
      (next && (SUPERLATIVES[next.lower] || next.lower === "most" || next.lower === "least") && value < 1000)
    ) {
      if (prev?.lower !== "last" || !isWord) limit = Math.max(1, Math.round(value));
      continue;
    }
    const before = comparatorBefore(lower.slice(Math.max(0, t.start - 40), t.start));
    // "between A and B" / "from A to B": both ends are numbers.
    const range = /(?:between|from)\s+$/.test(lower.slice(Math.max(0, t.start - 9), t.start));
    const partner = tokens[t.index + 2];
    if (range && next && (next.lower === "and" || next.lower === "to") && partner && numberOf(partner) !== null) {
      const upper = numberOf(partner)!;
      used.add(partner.index);
      numbers.push({
        value: Math.min(value, upper),
        upper: Math.max(value, upper),
        comparator: "between",
        text: question.slice(t.start, partner.end),
        context: contextWords(tokens, t.index, 5, 0),
      });
      continue;
    }
    const after = comparatorAfter(lower.slice(t.end, t.end + 16));
    if (isWord && !before && !after) {
      // "one of the", "the three kinds": bare number words are rarely constraints.
      if (value <= 1 || !next || next.lower === "of") continue;
    }
    const comparator = before?.comparator ?? after?.comparator ?? "=";
    numbers.push({ value, comparator, text: t.text, context: contextWords(tokens, t.index, 5, 3) });
  }
  return { numbers, limit };
}
