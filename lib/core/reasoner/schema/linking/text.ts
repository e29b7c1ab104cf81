import { lookupAbbreviation } from "../../../text/abbreviations";
import { stem as coreStem } from "../../../text/stem";
import { relatedness } from "../../../text/relations";
import { synonymKey } from "../../../text/synonyms";
import { FUNCTION_WORDS } from "../../lang/en/linking";

/**
 * Word-level helpers of the schema linker: question and schema names read as lowercase words,
 * compared by stem, synonym group, abbreviation expansion and character trigrams.
 */

/** Lowercase words and numbers of a text, in order. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Words of a text without function words (all words when nothing else is left). */
export function contentWords(text: string): string[] {
  const all = words(text);
  const content = all.filter((w) => !FUNCTION_WORDS.has(w));
  return content.length ? content : all;
}

/** The core stemmer, always returning a string (prototype-member words stay as written). */
export function stem(word: string): string {
  const s = coreStem(word);
  return typeof s === "string" ? s : word;
}

const keyCache = new Map<string, string[]>();

/** Comparison keys of one lowercase word: stem, synonym-group key, and its abbreviation's. */
function wordKeys(word: string): string[] {
  const hit = keyCache.get(word);
  if (hit) return hit;
  const keys = new Set<string>([stem(word)]);
  const syn = synonymKey(word);
  if (syn) keys.add(`~${syn}`);
  const expansion = lookupAbbreviation(word) ?? lookupAbbreviation(stem(word));
  if (expansion && !expansion.includes(" ")) {
    keys.add(stem(expansion));
    const s2 = synonymKey(expansion);
    if (s2) keys.add(`~${s2}`);
  }
  const out = [...keys];
  if (keyCache.size > 100_000) keyCache.clear();
  keyCache.set(word, out);
  return out;
}

/** How two words meet: 3 same word, 2 same stem, 1 shared synonym/abbreviation key or compound end, 0 not. */
export function wordMatch(a: string, b: string): number {
  if (a === b) return 3;
  const sa = stem(a);
  const sb = stem(b);
  if (sa === sb) return 2;
  const kb = wordKeys(b);
  if (wordKeys(a).some((k) => kb.includes(k))) return 1;
  if (relatedness(a, b) > 0) return 1;
  const [short, long] = sa.length <= sb.length ? [sa, sb] : [sb, sa];
  return short.length >= 4 && long.length >= short.length + 3 && (long.endsWith(short) || long.startsWith(short))
    ? 1
    : 0;
}

/** Character trigrams of a text's words with boundary marks. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of words(text)) {
    const p = `#${w}#`;
    for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
  }
  return out;
}

/** Dice coefficient of two sets. */
export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (!a.size || !b.size) return 0;
  let n = 0;
  for (const g of a) if (b.has(g)) n++;
  return (2 * n) / (a.size + b.size);
}

/** Initials of a multi-word name ("grade point average" → "gpa"), for acronyms in questions. */
export function acronym(nameWords: readonly string[]): string {
  return nameWords.length >= 2 ? nameWords.map((w) => w[0]).join("") : "";
}
