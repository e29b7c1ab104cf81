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
export function abbreviationCandidates(token: string): { word: string; kind: MatchKind }[] {
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

/**
 * Splits a glued lowercase token into known words with as few pieces as possible
 * ("satscores" -> ["sat", "scores"]). A single leading letter is allowed ("sname" -> ["s",
 * "name"]) because short schemas often prefix one-letter entity tags. Null when no full split.
 */
export function segmentGlued(token: string): string[] | null {
  if (!/^[a-z]+$/.test(token) || token.length < 4) return null;
  const n = token.length;
  // best[i] = fewest pieces covering token[i..]; ties broken by the more common first piece.
  const best: (string[] | null)[] = new Array(n + 1).fill(null);
  best[n] = [];
  for (let i = n - 1; i >= 0; i--) {
    for (let j = i + 2; j <= n; j++) {
      const piece = token.slice(i, j);
      const rest = best[j];
      if (!rest || !isPiece(piece)) continue;
      const candidate = [piece, ...rest];
      const cur = best[i];
      if (
        !cur ||
        candidate.length < cur.length ||
        (candidate.length === cur.length && wordRank(piece) < wordRank(cur[0]))
      ) {
        best[i] = candidate;
      }
    }
  }
  if (best[0] && best[0].length >= 2) return best[0];
  if (best[1] && best[1].length >= 1 && n <= 8) return [token[0], ...best[1]];
  return null;
}
