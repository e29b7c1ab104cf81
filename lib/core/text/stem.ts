/**
 * A light English stemmer (Porter step 1 plus a few suffixes common in schema names). It only
 * has to make "scores"/"score", "enrolled"/"enroll", "cities"/"city" meet; aggressive stemming
 * would merge words a table-QA user keeps apart ("general" vs "generate").
 */

const VOWEL = /[aeiouy]/;
const NO_UNDOUBLE = new Set(["l", "s", "z"]);
// Plural/verb forms that the rules below would mangle.
const EXCEPTIONS: Record<string, string> = {
  news: "news",
  series: "series",
  species: "species",
  status: "status",
  census: "census",
  bus: "bus",
  gas: "gas",
  is: "is",
  was: "was",
  has: "has",
  this: "this",
  its: "its",
  analysis: "analysis",
  basis: "basis",
  canvas: "canvas",
  campus: "campus",
  bonus: "bonus",
  children: "child",
  people: "person",
  men: "man",
  women: "woman",
  data: "data",
  indices: "index",
};

function hasVowel(s: string): boolean {
  return VOWEL.test(s);
}

function stripVerbSuffix(w: string, suffix: string): string | null {
  if (!w.endsWith(suffix)) return null;
  const base = w.slice(0, -suffix.length);
  if (base.length < 2 || !hasVowel(base)) return null;
  if (/(at|bl|iz)$/.test(base)) return base + "e"; // "rating" -> "rate"
  const last = base[base.length - 1];
  if (base.length > 2 && last === base[base.length - 2] && !NO_UNDOUBLE.has(last) && !VOWEL.test(last)) {
    return base.slice(0, -1); // "running" -> "run"
  }
  return base;
}

/** Stems one lowercase word; digits and short words pass through unchanged. */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length <= 3 || /\d/.test(w)) return w;
  // Own keys only: "constructor" or "tostring" must not read Object.prototype.
  const known = Object.hasOwn(EXCEPTIONS, w) ? EXCEPTIONS[w] : undefined;
  if (known) return known;
  let s = w;
  if (s.endsWith("sses")) s = s.slice(0, -2);
  else if (s.endsWith("ies") && s.length > 4) s = s.slice(0, -3) + "y";
  else if (s.endsWith("ss") || s.endsWith("us") || s.endsWith("is")) {
    // keep: "class", "campus", "analysis"
  } else if (s.endsWith("s") && s.length > 3 && hasVowel(s.slice(0, -2))) s = s.slice(0, -1);
  const verb = s.endsWith("eed") ? null : (stripVerbSuffix(s, "ing") ?? stripVerbSuffix(s, "ed"));
  if (verb) s = verb;
  if (s.endsWith("ll") && s.length > 4) s = s.slice(0, -1); // "enroll"/"enrolled" meet at "enrol"
  return s;
}
