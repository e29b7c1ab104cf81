import type { NumberMention } from "../../../retrieval/types";
import { STOPWORDS } from "../../lang/en/lexicon";
import {
  AUXILIARIES,
  DISTINCT_COUNTED,
  FREQUENCY_ADVERBS,
  FREQUENCY_FILLERS,
  REPEAT_ORDINALS,
} from "../../lang/en/clauses";
import type { HavingAsk } from "./clauses";
import { comparatorAfter, comparatorBefore } from "./comparators";
import { numberOf } from "./numbers";
import type { Token } from "./tokens";

/**
 * Count conditions written as a frequency or a repeat, which parseHaving's "more than N <noun>" does
 * not read: "ordered exactly twice", "visited three times or more", "more than once", "came back for
 * a third stay" (≥ 3), "in two different fields" (a count of distinct values). The phrase is what is
 * counted: the noun after a repeat ordinal or a number, else the verb before the frequency ("ordered").
 */
export function parseFrequency(question: string, tokens: Token[]): (HavingAsk & { distinct: boolean }) | null {
  const lower = question.toLowerCase();
  const verbBefore = (i: number) => {
    for (let k = i - 1; k >= Math.max(0, i - 6); k--) {
      const w = tokens[k].lower;
      if (FREQUENCY_FILLERS.has(w) || numberOf(tokens[k]) !== null) continue;
      return AUXILIARIES.has(w) ? null : w;
    }
    return null;
  };
  for (const t of tokens) {
    if (t.quoted) continue;
    const next = tokens[t.index + 1];
    // "twice", "three times", "5 times"
    const adverb = FREQUENCY_ADVERBS[t.lower];
    const times = next?.lower === "times" || next?.lower === "time" ? numberOf(t) : null;
    const value = adverb ?? times;
    if (value !== null && value !== undefined && Number.isInteger(value) && value > 0) {
      const last = adverb !== undefined ? t : next!;
      const before = comparatorBefore(lower.slice(Math.max(0, t.start - 30), t.start));
      const after = comparatorAfter(lower.slice(last.end, last.end + 16));
      const phrase = verbBefore(t.index);
      if (!phrase) continue;
      const comparator = before?.comparator ?? after?.comparator ?? "=";
      return { comparator, value, phrase, text: question.slice(t.start, last.end), distinct: false };
    }
    // "a third stay", "for the second time": the count reaches the ordinal.
    const ordinal = REPEAT_ORDINALS[t.lower];
    const prev = tokens[t.index - 1]?.lower;
    if (ordinal && (prev === "a" || prev === "the") && next && !STOPWORDS.has(next.lower)) {
      const phrase = next.lower === "time" ? verbBefore(t.index - 1) : next.lower;
      if (phrase)
        return { comparator: ">=", value: ordinal, phrase, text: question.slice(t.start, next.end), distinct: false };
    }
  }
  return null;
}

/** "won prizes in two different fields": a number before "different <noun>" counts distinct values of it. */
export function parseDistinctCount(
  tokens: Token[],
  numbers: readonly NumberMention[],
): (HavingAsk & { distinct: boolean }) | null {
  for (const n of numbers) {
    const at = tokens.findIndex((t) => t.text === n.text);
    const word = tokens[at + 1];
    const noun = tokens[at + 2];
    if (at < 0 || !word || !noun || !DISTINCT_COUNTED.test(word.lower) || n.comparator === "between") continue;
    return { comparator: n.comparator, value: n.value, phrase: noun.lower, text: n.text, distinct: true };
  }
  return null;
}
