import { FLAG_NEGATING_PREFIX, FLAG_NEGATORS } from "../../lang/en/absence";
import { FLAG_LEADS, FLAG_PAIRS, FLAG_TAILS } from "../../lang/en/semantic";
import { splitIdentifier } from "../../../text/tokenize";
import { sameWordForm } from "../../../retrieval/vocab";
import type { RangeColumn } from "./step";

/**
 * Yes/no columns read from the question's words: "discontinued products" → the discontinued flag's
 * true value, "orders that were not completed" → the completion flag's false value (never "empty").
 * Which written values mean true and false comes from the semantic model when the step input carries
 * it, else from a column whose examples are one of the usual yes/no pairs (1/0, Y/N, true/false).
 */

export type FlagReading = { column: RangeColumn; value: string; negated: boolean; words: string };

/** A column's true and false written values, or null when it is not a yes/no column. */
function flagValues(c: RangeColumn): { trueValue: string; falseValue: string } | null {
  if (c.flag?.trueValues.length && c.flag.falseValues.length)
    return { trueValue: c.flag.trueValues[0], falseValue: c.flag.falseValues[0] };
  const seen = [...new Set(c.examples.map((e) => e.trim()))];
  if (seen.length !== 2 && c.type !== "boolean") return null;
  const lower = seen.map((s) => s.toLowerCase());
  for (const [t, f] of FLAG_PAIRS) {
    const ti = lower.indexOf(t);
    const fi = lower.indexOf(f);
    if (ti >= 0 && fi >= 0) return { trueValue: seen[ti], falseValue: seen[fi] };
  }
  return c.type === "boolean" ? { trueValue: "1", falseValue: "0" } : null;
}

/** The words a yes/no column's name says of a true row ("is_discontinued" → ["discontinued"]). */
function meaningWords(c: RangeColumn): string[] {
  if (c.flag?.meaning) return c.flag.meaning.toLowerCase().split(/\s+/);
  const parts = splitIdentifier(c.name).map((p) => p.toLowerCase());
  return parts.filter((p, i) => !(i === 0 && FLAG_LEADS.has(p)) && !FLAG_TAILS.has(p));
}

/** The question's words, with a word's negation by a prefix split off ("uncompleted" → not completed). */
function questionWords(question: string): Array<{ word: string; negated: boolean }> {
  const words =
    question
      .toLowerCase()
      .replace(/\u2019/g, "'")
      .match(/[a-z']+/g) ?? [];
  return words.map((w, i) => {
    const before = words.slice(Math.max(0, i - 3), i);
    const negatedBefore = before.some((b) => FLAG_NEGATORS.has(b) || b.endsWith("n't"));
    return { word: w, negated: negatedBefore };
  });
}

/** Does a question word name the meaning word, directly or negated by a prefix? */
function meets(word: string, meaning: string): { hit: boolean; prefixed: boolean } {
  if (sameWordForm(word, meaning)) return { hit: true, prefixed: false };
  const m = FLAG_NEGATING_PREFIX.exec(word.replace(/-/g, ""));
  return m && !meaning.startsWith(word.slice(0, 2)) && sameWordForm(m[1], meaning)
    ? { hit: true, prefixed: true }
    : { hit: false, prefixed: false };
}

/** The yes/no columns the question names by their meaning, with the side it asks for. */
export function readFlags(question: string, columns: readonly RangeColumn[]): FlagReading[] {
  const words = questionWords(question);
  const out: FlagReading[] = [];
  for (const c of columns) {
    const values = flagValues(c);
    const meaning = meaningWords(c);
    if (!values || !meaning.length || meaning.length > 2) continue;
    // The last meaning word carries the sense ("decided on penalties"): every word must be said, in a short span.
    const head = meaning[meaning.length - 1];
    const at = words.findIndex((w) => meets(w.word, head).hit);
    if (at < 0) continue;
    const span = words.slice(Math.max(0, at - 4), at + 1).map((w) => w.word);
    if (!meaning.slice(0, -1).every((m) => span.some((w) => sameWordForm(w, m)))) continue;
    const negated = words[at].negated !== meets(words[at].word, head).prefixed;
    out.push({
      column: c,
      value: negated ? values.falseValue : values.trueValue,
      negated,
      words: words
        .slice(Math.max(0, at - 2), at + 1)
        .map((w) => w.word)
        .join(" "),
    });
  }
  return out;
}

/** Does a phrase name a column by other forms of its words ("delivery date" → "delivered_on")? */
export function namedByForm(phrase: string, c: RangeColumn): boolean {
  const words = phrase.toLowerCase().match(/[a-z]+/g) ?? [];
  const own = c.own.filter((o) => o.length > 2);
  return own.length > 0 && own.every((o) => words.some((w) => sameWordForm(w, o)));
}
