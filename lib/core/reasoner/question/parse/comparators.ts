import type { Comparator } from "../../../trace/atoms";
import { COMPARATOR_AFTER, COMPARATOR_BEFORE } from "../../lang/en/lexicon";

const BEFORE_SORTED = [...COMPARATOR_BEFORE].sort((a, b) => b[0].length - a[0].length);
// "a greater weight than 10", "more pets than 3": comparative, a few words, then "than".
const SPLIT_COMPARATIVE = new RegExp(
  String.raw`\b(more|greater|larger|bigger|higher|longer|older|heavier|taller|less|fewer|smaller|lower|` +
    String.raw`shorter|younger|lighter|cheaper)\b(?:\s+[\p{L}\p{N}_'-]+){1,3}\s+than\s*$`,
  "u",
);
const GREATER = new Set(["more", "greater", "larger", "bigger", "higher", "longer", "older", "heavier", "taller"]);

export type FoundComparator = { comparator: Comparator; phrase: string };

/**
 * The comparator that the text right before a number ends with ("… not more than " → ≤).
 * `before` is the lowercased text preceding the number.
 */
export function comparatorBefore(before: string): FoundComparator | null {
  const text = before
    .replace(/\s+/g, " ")
    .replace(/[$£€]\s*$/, "")
    .trimEnd();
  for (const [phrase, comparator] of BEFORE_SORTED) {
    if (text === phrase || text.endsWith(` ${phrase}`) || (/^[<>=]/.test(phrase) && text.endsWith(phrase))) {
      // "not more than" is listed whole; a bare "not" before another phrase negates it.
      return { comparator, phrase };
    }
  }
  const split = SPLIT_COMPARATIVE.exec(text);
  if (split) return { comparator: GREATER.has(split[1]) ? ">" : "<", phrase: split[0].trim() };
  return null;
}

/** A bound written after the number ("5 or more" → ≥); `after` is the lowercased text after it. */
export function comparatorAfter(after: string): FoundComparator | null {
  const text = after.replace(/\s+/g, " ").trimStart();
  for (const [phrase, comparator] of COMPARATOR_AFTER) {
    if (
      text === phrase ||
      text.startsWith(`${phrase} `) ||
      text.startsWith(`${phrase}.`) ||
      text.startsWith(`${phrase},`) ||
      text.startsWith(`${phrase}?`)
    ) {
      return { comparator, phrase };
    }
  }
  return null;
}
