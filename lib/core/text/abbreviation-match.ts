import { lookupAbbreviation } from "./abbreviations";
import { SCHEMA_WORDS, isKnownWord, knownSingular, wordRank } from "./words";

/**
 * Resolves abbreviations that are not in the dictionary by comparing them with the schema word
 * list: vowel-dropped forms ("tst" -> "test", "takr" -> "taker", "cnty" -> "county"), truncations
 * ("dist" -> "district") and glued words ("satscores" -> "sat scores").
 */

const VOWELS = new Set(["a", "e", "i", "o", "u", "y"]);

/** How an abbreviation relates to a word, strongest first. */
type MatchKind = 0 | 1 | 2; // 0 vowels dropped, 1 truncated, 2 loose consonant subsequence

/**
 * True when `abbr` is `word` with only vowels (or a repeated letter) removed and the first letter
 * kept. Tries every alignment because a greedy one can fail ("scr" in "score" is fine either way,
 * but "takr" in "taker" needs the second 'a'-less path).
 */
function isVowelDrop(abbr: string, word: string, i = 0, j = 0): boolean {
  if (i === abbr.length) {
    for (let k = j; k < word.length; k++) if (!VOWELS.has(word[k]) && word[k] !== word[k - 1]) return false;
    return true;
  }
  if (j === word.length) return false;
  if (abbr[i] === word[j] && isVowelDrop(abbr, word, i + 1, j + 1)) return true;
  const skippable = j > 0 && (VOWELS.has(word[j]) || word[j] === word[j - 1]);
  return skippable && isVowelDrop(abbr, word, i, j + 1);
}

function isSubsequence(abbr: string, word: string): boolean {
  let j = 0;
  for (const ch of abbr) {
    j = word.indexOf(ch, j);
    if (j < 0) return false;
    j++;
  }
  return true;
}

function consonants(w: string): number {
  let n = 0;
  for (const ch of w) if (!VOWELS.has(ch)) n++;
  return n;
}

function classify(abbr: string, word: string): MatchKind | null {
  if (word.length <= abbr.length || word[0] !== abbr[0]) return null;
  if (isVowelDrop(abbr, word)) return 0;
  // Three-letter prefixes are too often words themselves ("mat", "ban"); common ones are in the dictionary.
  if (abbr.length >= 4 && word.startsWith(abbr)) return 1;
  // Loose: a consonant skeleton ("stdnt") with most consonants present in order.
  const skeleton = ![...abbr.slice(1)].some((ch) => VOWELS.has(ch));
  if (abbr.length >= 3 && skeleton && isSubsequence(abbr, word) && abbr.length / consonants(word) >= 0.6) return 2;
  return null;
}

/**
 * The schema word an unknown lowercase token most likely abbreviates, or null. Strongest match
 * kind wins; within a kind the more common word wins.
 */
export function matchAbbreviation(token: string): string | null {
  return abbreviationCandidates(token)[0]?.word ?? null;
}

/** Every schema word an unknown lowercase token may abbreviate, best first (kind, then commonness). */
function abbreviationCandidates(token: string): { word: string; kind: MatchKind }[] {
  if (token.length < 2 || !/^[a-z]+$/.test(token)) return [];
  const found: { word: string; kind: MatchKind; rank: number }[] = [];
  for (const word of SCHEMA_WORDS) {
    const kind = classify(token, word);
    if (kind !== null) found.push({ word, kind, rank: wordRank(word) });
  }
  found.sort((a, b) => a.kind - b.kind || a.rank - b.rank);
  return found.map(({ word, kind }) => ({ word, kind }));
}

/**
 * The expansion of an unknown token only when the word list leaves no doubt: exactly one word
 * matches by dropped vowels or truncation ("takr" -> "taker"). "cont" reads as count, content,
 * continent or contract, so it has none. For text shown to people, where a wrong guess misleads.
 */
export function sureAbbreviation(token: string): string | null {
  const strong = abbreviationCandidates(token).filter((c) => c.kind <= 1);
  return strong.length === 1 ? strong[0].word : null;
}

function isPiece(s: string): boolean {
  if (s.length < 2) return false;
  if (isKnownWord(s) || knownSingular(s) !== null) return true;
  return s.length >= 3 && lookupAbbreviation(s) !== undefined;
}

/** Longest piece a glued token is split into: longer than any word of the lists. */
const MAX_PIECE_CHARS = 24;
/** Longest token tried as glued words; a longer one is kept whole (no name needs more). */
const MAX_GLUED_CHARS = 64;

/**
 * Splits a glued lowercase token into known words with as few pieces as possible
 * ("satscores" -> ["sat", "scores"]). A single leading letter is allowed ("sname" -> ["s",
 * "name"]) because short schemas often prefix one-letter entity tags. Null when no full split.
 * Linear in the token's length (pieces are at most MAX_PIECE_CHARS), and tokens longer than
 * MAX_GLUED_CHARS are not split at all: a 100,000-character header costs nothing here.
 */
export function segmentGlued(token: string): string[] | null {
  if (token.length < 4 || token.length > MAX_GLUED_CHARS || !/^[a-z]+$/.test(token)) return null;
  const n = token.length;
  // pieces[i] = fewest pieces covering token[i..] (Infinity: none); end[i] = where its first piece ends.
  // Ties go to the more common first piece.
  const pieces = new Array<number>(n + 1).fill(Infinity);
  const end = new Array<number>(n + 1).fill(-1);
  pieces[n] = 0;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = i + 2; j <= Math.min(n, i + MAX_PIECE_CHARS); j++) {
      if (pieces[j] === Infinity) continue;
      const piece = token.slice(i, j);
      if (!isPiece(piece)) continue;
      const count = pieces[j] + 1;
      if (count < pieces[i] || (count === pieces[i] && wordRank(piece) < wordRank(token.slice(i, end[i])))) {
        pieces[i] = count;
        end[i] = j;
      }
    }
  }
  const split = (from: number): string[] => {
    const out: string[] = [];
    for (let i = from; i < n; i = end[i]) out.push(token.slice(i, end[i]));
    return out;
  };
  if (pieces[0] !== Infinity && pieces[0] >= 2) return split(0);
  if (pieces[1] !== Infinity && pieces[1] >= 1 && n <= 8) return [token[0], ...split(1)];
  return null;
}
