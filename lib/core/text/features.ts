import { acronymLetters, initialsOf } from "./acronym";
import { words as normalizedWords } from "./normalize";
import { stem } from "./stem";
import { synonymKeyOfStem } from "./synonyms";

/** A text read for encoding: its words and the word-level features, before hashing. */
export type TextAnalysis = {
  /** "acronym" when the whole text is a 2–3 letter all-caps token, read mainly as initials. */
  mode: "text" | "acronym";
  /** Normalised words; their character n-grams form the gram channel (none in acronym mode). */
  words: string[];
  /** Stemmed words. */
  stems: string[];
  /** Synonym-group keys of the words that have one. */
  synonyms: string[];
  /** Initials of multi-word texts, or the letters of an acronym. */
  acronyms: string[];
};

/** All features of a text by channel, as strings; for inspection and tests. */
export type TextFeatures = Omit<TextAnalysis, "stems" | "words"> & { grams: string[]; words: string[] };

/** Smallest and largest character n-gram taken from each boundary-marked word. */
const GRAM_MIN = 2;
const GRAM_MAX = 4;

/**
 * Calls `visit(start, end)` for each gram of a padded word "#word#": every 2–4-gram, plus the
 * whole padded word when longer than 4 so exact words outweigh shared grams.
 */
export function forEachGram(padded: string, visit: (start: number, end: number) => void): void {
  for (let n = GRAM_MIN; n <= GRAM_MAX; n++) {
    for (let i = 0; i + n <= padded.length; i++) visit(i, i + n);
  }
  if (padded.length > GRAM_MAX) visit(0, padded.length);
}

/** Reads a text into words, stems, synonym keys and acronyms; pure and deterministic. */
export function analyzeText(text: string): TextAnalysis {
  const ws = normalizedWords(text);
  const letters = acronymLetters(text);
  // Inner grams of a 2–3 letter acronym ("la" inside "alamitos") are noise, not evidence;
  // longer all-caps tokens ("FRESNO", "LAUSD") may be words too, so they keep their spelling.
  const short = letters !== null && letters.length <= 3;
  const stems = ws.map(stem);
  const synonyms: string[] = [];
  for (const s of stems) {
    const key = synonymKeyOfStem(s);
    if (key) synonyms.push(key);
  }
  const acronyms = letters ? [letters] : initialsOf(ws);
  return { mode: short ? "acronym" : "text", words: short ? [] : ws, stems, synonyms, acronyms };
}

/** Every feature of a text as a string, channel by channel. */
export function extractFeatures(text: string): TextFeatures {
  const a = analyzeText(text);
  const grams: string[] = [];
  for (const w of a.words) {
    const padded = `#${w}#`;
    forEachGram(padded, (i, j) => grams.push(padded.slice(i, j)));
  }
  return { mode: a.mode, grams, words: a.stems, synonyms: a.synonyms, acronyms: a.acronyms };
}
