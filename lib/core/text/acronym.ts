/**
 * Acronyms: "LA" for "Los Angeles", "LAUSD" for "Los Angeles Unified School District". Values
 * carry their initials; short all-caps queries are read as initials to look up.
 */

const SKIP_IN_INITIALS = new Set(["of", "the", "and", "for", "in", "at", "on", "a", "an", "to"]);
const ALL_CAPS = /^[A-Z]{2,6}$/;
const DOTTED = /^(?:[A-Za-z]\.){2,6}$/;

/**
 * Initials of a multi-word text, with and without function words ("County Office of Education"
 * -> "cooe", "coe"). Empty for texts with fewer than two alphabetic words.
 */
export function initialsOf(words: readonly string[]): string[] {
  const alpha = words.filter((w) => /^\p{L}/u.test(w));
  if (alpha.length < 2) return [];
  const all = alpha.map((w) => w[0].toLowerCase()).join("");
  const content = alpha.filter((w) => !SKIP_IN_INITIALS.has(w.toLowerCase()));
  const short = content.map((w) => w[0].toLowerCase()).join("");
  return short.length >= 2 && short !== all ? [all, short] : [all];
}

/**
 * The letters of a text written as an acronym ("LA", "L.A.", "LAUSD"), lowercased, or null.
 * Case matters: "la" is a word, "LA" is an acronym.
 */
export function acronymLetters(text: string): string | null {
  const t = text.trim();
  if (ALL_CAPS.test(t)) return t.toLowerCase();
  if (DOTTED.test(t)) return t.replace(/\./g, "").toLowerCase();
  return null;
}
