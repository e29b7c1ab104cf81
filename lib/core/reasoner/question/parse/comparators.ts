import type { Comparator } from "../../../trace/atoms";
import { COMPARATOR_AFTER, COMPARATOR_BEFORE } from "../../lang/en/lexicon";
import { SPLIT_COMPARATIVE, GREATER } from "../../lang/en/comparator-phrases";

const BEFORE_SORTED = [...COMPARATOR_BEFORE].sort((a, b) => b[0].length - a[0].length);
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
