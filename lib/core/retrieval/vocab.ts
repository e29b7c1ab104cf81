import { lookupAbbreviation } from "../text/abbreviations";
import { expandName } from "../text/expand-name";
import { stem as coreStem } from "../text/stem";
import { relatedness } from "../text/relations";
import { synonymKey } from "../text/synonyms";
import { STOPWORDS } from "../reasoner/lang/en/lexicon";
import { FUNCTION_WORDS } from "../reasoner/lang/en/matching";

/**
 * Canonical word keys shared by question phrases and schema names, so "ids" meets "Document_ID"
 * (identifier), "gender" meets "Sex" and "scores" meets "score": stems, abbreviation expansions
 * and synonym-group keys.
 */

const cache = new Map<string, string[]>();

// Words that are also Object.prototype members ("constructor", "toString"). The shared text
// helpers look words up in plain objects, where these resolve to functions; FGTR keeps them as
// plain text so a table about racing constructors cannot break a run.
const PROTO_WORDS = new Set(Object.getOwnPropertyNames(Object.prototype).map((k) => k.toLowerCase()));

/** The core stemmer, but always a string. */
export function stem(word: string): string {
  const s = coreStem(word);
  return typeof s === "string" ? s : word.toLowerCase();
}

/** Text safe for the shared encoder: prototype-member words get a marker so they stay plain words. */
export function encoderSafe(text: string): string {
  return text.replace(/[A-Za-z_]+/g, (w) => (PROTO_WORDS.has(w.toLowerCase()) ? `${w}x` : w));
}

/** Keys of one lowercase word: its stem, its synonym key, and those of its abbreviation expansion. */
export function wordKeys(word: string): string[] {
  const hit = cache.get(word);
  if (hit) return hit;
  const keys = new Set<string>();
  const add = (w: string) => {
    const s = stem(w);
    keys.add(s);
    const syn = synonymKey(w);
    if (syn) keys.add(`~${syn}`);
  };
  add(word);
  const singular = stem(word);
  const expansion = lookupAbbreviation(word) ?? lookupAbbreviation(singular);
  if (expansion && !expansion.includes(" ")) add(expansion);
  const out = [...keys];
  if (cache.size > 50_000) cache.clear();
  cache.set(word, out);
  return out;
}

/** Content words of a phrase (lowercase, stopwords dropped; kept when nothing else is left). */
export function contentWords(phrase: string): string[] {
  const words = phrase.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const content = words.filter((w) => !STOPWORDS.has(w) && w.length > 0);
  return content.length ? content : words.filter((w) => !["the", "a", "an", "of"].includes(w));
}

/**
 * The words around a number or a name, for matching column names: only function words dropped.
 * Unlike contentWords it keeps "name", "number", "total"… which are exactly what the context says.
 */
export function contextWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !FUNCTION_WORDS.has(w));
}

/** A schema name read as canonical words ("NumTstTakr" → number, of, test, takers → keys). */
export function nameWords(name: string, expanded?: string): string[] {
  const text = expanded && expanded.trim() ? expanded : expandName(name).text || name;
  return contentWords(text);
}

/** True when two words share a key, or one ends a compound of the other ("town" / "hometown"). */
export function wordsMeet(a: string, b: string): boolean {
  if (a === b) return true;
  const kb = wordKeys(b);
  if (wordKeys(a).some((k) => kb.includes(k))) return true;
  // WordNet: the same thing in another form ("hottest" / temperature) or a broader name ("rain" / precipitation).
  if (relatedness(a, b) > 0) return true;
  const [short, long] = a.length <= b.length ? [stem(a), stem(b)] : [stem(b), stem(a)];
  return short.length >= 4 && long.length >= short.length + 3 && long.endsWith(short);
}

/** Character trigrams of a text with boundary marks, for fuzzy name similarity. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of contentWords(text)) {
    const p = `#${w}#`;
    for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
  }
  return out;
}

/** Dice coefficient of two trigram sets. */
export function dice(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let n = 0;
  for (const g of a) if (b.has(g)) n++;
  return (2 * n) / (a.size + b.size);
}
