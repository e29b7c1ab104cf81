import { COUNT_WORDS, NAME_PART_LETTERS, lookupAbbreviation } from "./abbreviations";
import { matchAbbreviation, segmentGlued, sureAbbreviation } from "./abbreviation-match";
import { splitIdentifier } from "./tokenize";
import type { WordPredicate } from "./lexicon";
import { isKnownWord, knownSingular, pluralize } from "./words";

export type ExpandOptions = {
  /**
   * English words to keep as written (see loadEnglishLexicon). Without it, any token outside the
   * schema word list may be read as an abbreviation.
   */
  isWord?: WordPredicate;
  /**
   * Expand an unknown token only when one schema word fits it ("takr" -> "taker"), keeping
   * ambiguous ones as written ("cont": count? continent? content?). For text people read.
   */
  sureOnly?: boolean;
};

/** A schema name read as words. */
export type ExpandedName = {
  /** Lowercased parts of the identifier as written ("num", "tst", "takr"). */
  tokens: string[];
  /** Expanded words ("number", "of", "test", "takers"). */
  words: string[];
  /** The words joined by spaces. */
  text: string;
};

function expandToken(
  raw: string,
  next: string | undefined,
  identifierHasLower: boolean,
  options: ExpandOptions,
): string[] {
  const t = raw.toLowerCase();
  if (/^\d+$/.test(t)) return [t];
  if (t.length === 1 && next?.toLowerCase() === "name" && NAME_PART_LETTERS[t]) return [NAME_PART_LETTERS[t]];
  const dict = lookupAbbreviation(t);
  if (dict) return dict.split(" ");
  if (isKnownWord(t) || knownSingular(t) !== null) return [t];
  // An all-caps part inside a mixed-case name is an acronym, not a truncated word: keep it.
  const isAcronym = identifierHasLower && /^[A-Z]+$/.test(raw);
  if (isAcronym || t.length === 1 || !/^[a-z]+$/.test(t) || options.isWord?.(t)) return [t];
  const glued = segmentGlued(t);
  if (glued) return glued.flatMap((p) => lookupAbbreviation(p)?.split(" ") ?? [p]);
  return [(options.sureOnly ? sureAbbreviation(t) : matchAbbreviation(t)) ?? t];
}

/**
 * Reads a column or table name as English: splits camelCase/snake_case/digits, expands
 * dictionary abbreviations, resolves vowel-dropped and truncated forms against the schema word
 * list, and phrases counts ("NumTstTakr" -> "number of test takers"). Deterministic.
 */
export function expandName(name: string, options: ExpandOptions = {}): ExpandedName {
  const parts = splitIdentifier(name);
  const hasLower = /[a-z]/.test(name);
  const words: string[] = [];
  parts.forEach((p, i) => {
    for (const w of expandToken(p, parts[i + 1], hasLower, options)) {
      if (words[words.length - 1] !== w) words.push(w); // "ZipCode" -> "zip code", not "zip code code"
    }
  });
  if (words.length >= 2 && COUNT_WORDS.has(words[0]) && words[1] !== "of") {
    words.splice(1, 0, "of");
    const last = words.length - 1;
    if (/^[a-z]{3,}$/.test(words[last]) && isKnownWord(words[last])) words[last] = pluralize(words[last]);
  }
  return { tokens: parts.map((p) => p.toLowerCase()), words, text: words.join(" ") };
}

/** The expanded name with its first letter capitalised, for the start of a sentence. */
export function displayName(name: string, options: ExpandOptions = {}): string {
  const { text } = expandName(name, options);
  return text ? text[0].toUpperCase() + text.slice(1) : name;
}
