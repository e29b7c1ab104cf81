import type { NumberMention } from "../../../retrieval/types";
import { comparatorAfter, comparatorBefore } from "./comparators";
import { NUMBER_WORDS, SUPERLATIVES } from "../../lang/en/lexicon";
import { magnitudeOf, suffixedNumber, unitOf } from "./quantities";
import type { Token } from "./tokens";
import { LIMIT_LEAD, NUMBER_RANGE_LEAD, NUMBER_RANGE_JOINERS, COUNT_LEADS } from "../../lang/en/quantities";

const NUMERIC = /^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^-?\d+(?:\.\d+)?$/;
/** The numeric value of a token, or null ("5,000" → 5000, "three" → 3, "100k" → 100000). */
export function numberOf(token: Token): number | null {
  if (NUMERIC.test(token.text)) return Number(token.text.replace(/,/g, ""));
  const suffixed = suffixedNumber(token.text);
  if (suffixed !== null) return suffixed;
  const word = NUMBER_WORDS[token.lower];
  return word === undefined ? null : word;
}

/**
 * The magnitude and unit written after a number ("200 million", "three hours", "5.5 kg", "90°F",
 * "90%"): the scaled value, the unit and the index of the quantity's last token.
 */
function quantityAfter(
  question: string,
  tokens: Token[],
  t: Token,
  value: number,
): { value: number; unit: string | null; last: Token } {
  let last = t;
  let v = value;
  const next = tokens[t.index + 1];
  const magnitude = next && !next.quoted ? magnitudeOf(next.lower) : null;
  // "200 m" is metres, not millions: a one-letter magnitude only when glued ("200m" is read by numberOf).
  if (next && magnitude !== null && next.lower.length > 1) {
    v *= magnitude;
    last = next;
  }
  const gap = question.slice(last.end, tokens[last.index + 1]?.start ?? question.length);
  if (/^\s*%/.test(gap)) return { value: v, unit: "percent", last };
  const after = tokens[last.index + 1];
  const degree = /^\s*°\s*$/.test(gap);
  const unit =
    after && !after.quoted && (degree || /^\s*$/.test(gap)) ? unitOf(degree ? `°${after.lower}` : after.lower) : null;
  // "in 2005 in total", "rain in 2013 in Seattle": "in" before another word is the preposition, not inches.
  const preposition = after?.lower === "in" && /^[a-z]/i.test(tokens[after.index + 1]?.text ?? "");
  if (unit && !preposition && (after.lower.length > 1 || degree)) return { value: v, unit: unit.id, last: after };
  return { value: v, unit: null, last };
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

/**
 * "the three languages spoken in the most countries", "our five best-selling products": a small
 * whole number that opens a noun phrase ("the"/"our"/"which" before it) with a superlative soon
 * after asks for that many, not for a value.
 */
function countedBeforeSuperlative(tokens: Token[], t: Token, value: number): boolean {
  if (!Number.isInteger(value) || value < 2 || value > 100) return false;
  const prev = tokens[t.index - 1]?.lower ?? "";
  if (!COUNT_LEADS.includes(prev)) return false;
  return tokens.slice(t.index + 1, t.index + 7).some((x) => SUPERLATIVES[x.lower] !== undefined);
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
    // "more than an inch", "over a week": an article before a unit is one of it.
    const unitNext = tokens[t.index + 1] && tokens[t.index + 1].lower.length > 1 && unitOf(tokens[t.index + 1].lower);
    const article = (t.lower === "a" || t.lower === "an") && unitNext;
    if (article && !comparatorBefore(lower.slice(Math.max(0, t.start - 40), t.start))) continue;
    const value = article ? 1 : numberOf(t);
    if (value === null) continue;
    const isWord = !/\d/.test(t.text);
    const prev = tokens[t.index - 1];
    const next = tokens[t.index + 1];
    if (
      (prev && LIMIT_LEAD.has(prev.lower)) ||
      (next && (SUPERLATIVES[next.lower] || next.lower === "most" || next.lower === "least") && value < 1000) ||
      countedBeforeSuperlative(tokens, t, value)
    ) {
      if (prev?.lower !== "last" || !isWord) limit = Math.max(1, Math.round(value));
      continue;
    }
    const before = comparatorBefore(lower.slice(Math.max(0, t.start - 40), t.start));
    // "between A and B" / "from A to B": both ends are numbers.
    const range = NUMBER_RANGE_LEAD.test(lower.slice(Math.max(0, t.start - 10), t.start));
    const partner = tokens[t.index + 2];
    // "rounds 3 through 7" is a range with both ends in it, not 3 or 7.
    const joined =
      next && (((next.lower === "and" || next.lower === "to") && range) || NUMBER_RANGE_JOINERS.has(next.lower));
    if (joined && partner && numberOf(partner) !== null) {
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
    const q = quantityAfter(question, tokens, t, value);
    if (q.last !== t) used.add(q.last.index);
    const after = comparatorAfter(lower.slice(q.last.end, q.last.end + 16).replace(/^\s*%/, ""));
    if (isWord && !before && !after && !q.unit) {
      // "one of the", "the three kinds": bare number words are rarely constraints.
      if (value <= 1 || !next || next.lower === "of") continue;
    }
    const comparator = before?.comparator ?? after?.comparator ?? "=";
    numbers.push({
      value: q.value,
      comparator,
      text: question.slice(t.start, q.last.end),
      context: contextWords(tokens, t.index, 5, 3),
      ...(q.unit ? { unit: q.unit } : {}),
    });
  }
  return { numbers, limit };
}
