import { contentWords, stem, trigrams, words } from "./text";
import { COMPARE, TIME_ASK, COUNT_ASK } from "../../lang/en/linking";

/** A question read once for linking: its words, stems, n-grams and a few cue flags. */
export type LinkQuestion = {
  text: string;
  lower: string;
  /** Every word, in order. */
  all: string[];
  /** Words without function words. */
  content: string[];
  stems: string[];
  /** Identifier-like tokens as written ("school_id", "t1.name"), lowercase. */
  identifiers: Set<string>;
  /** Content-word n-grams (1–3) with their trigram sets. */
  grams: Array<{ text: string; grams: Set<string> }>;
  hasNumber: boolean;
  hasYear: boolean;
  /** "how many", "number of", "count". */
  asksCount: boolean;
  /** Comparative or superlative wording: most, least, more than, highest, average… */
  compares: boolean;
};

/** Reads a question for the linker's features. */
export function readQuestion(text: string): LinkQuestion {
  const lower = text.toLowerCase();
  const content = contentWords(text);
  const grams: LinkQuestion["grams"] = [];
  for (let i = 0; i < content.length; i++) {
    for (let n = 1; n <= 3 && i + n <= content.length; n++) {
      const t = content.slice(i, i + n).join(" ");
      grams.push({ text: t, grams: trigrams(t) });
    }
  }
  return {
    text,
    lower,
    all: words(text),
    content,
    stems: content.map(stem),
    identifiers: new Set(lower.match(/[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)?/g) ?? []),
    grams: grams.slice(0, 200),
    hasNumber: /\d/.test(text),
    hasYear: /\b(1[5-9]\d\d|20\d\d)\b/.test(text) || TIME_ASK.test(lower),
    asksCount: COUNT_ASK.test(lower),
    compares: COMPARE.test(lower),
  };
}
