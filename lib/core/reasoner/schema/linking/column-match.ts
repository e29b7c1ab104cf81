import type { LinkColumn } from "./features";
import type { LinkQuestion } from "./question";
import { contentWords, stem, trigrams, wordMatch } from "./text";

// How the linker reads a column's words against the question's: the inputs of every feature in features.ts.

export type Prepared = {
  col: LinkColumn;
  words: string[];
  own: string[];
  tableWords: string[];
  grams: Set<string>;
  raw: string;
};

export function prepare(c: LinkColumn): Prepared {
  const nameWords = contentWords(c.expandedName?.trim() ? c.expandedName : c.name.replace(/[_\W]+/g, " "));
  const tableWords = contentWords(c.tableExpanded?.trim() ? c.tableExpanded : c.table.replace(/[_\W]+/g, " "));
  const own = nameWords.filter((w) => !tableWords.some((t) => wordMatch(w, t) >= 2));
  return {
    col: c,
    words: nameWords,
    own: own.length ? own : nameWords,
    tableWords,
    grams: trigrams(nameWords.join(" ")),
    raw: c.name.toLowerCase(),
  };
}

/** Best match level (0–3) of a schema word against the question's words. */
export function bestLevel(word: string, q: LinkQuestion): number {
  let best = 0;
  for (const w of q.all) {
    const m = wordMatch(w, word);
    if (m > best) best = m;
    if (best === 3) break;
  }
  return best;
}

export const share = (xs: number[], ok: (x: number) => boolean) => (xs.length ? xs.filter(ok).length / xs.length : 0);

export function contiguous(nameWords: string[], q: LinkQuestion): number {
  if (nameWords.length < 2) return 0;
  const s = nameWords.map(stem);
  for (let i = 0; i + s.length <= q.stems.length; i++) if (s.every((x, k) => q.stems[i + k] === x)) return 1;
  return 0;
}

const comparedCache = new WeakMap<LinkQuestion, Set<string>>();

/** Names written before a comparison ("Currency = 'EUR'", "age > 30"): how SQL-minded evidence names columns. */
export function comparedNames(q: LinkQuestion): Set<string> {
  let hit = comparedCache.get(q);
  if (!hit) {
    hit = new Set(
      [...q.lower.matchAll(/([a-z_][a-z0-9_]*)`?\s*(?:=|!=|<>|<=|>=|<|>|\bin\s*\(|\bbetween\b|\blike\b)/g)].map(
        (m) => m[1],
      ),
    );
    comparedCache.set(q, hit);
  }
  return hit;
}

/** Quoted strings of the question, lowercase, 2–40 characters. */
export function quotedPhrases(q: LinkQuestion): string[] {
  return [...q.lower.matchAll(/['"‘“]([^'"’”]{2,40})['"’”]/g)].map((m) => m[1].trim()).filter(Boolean);
}
