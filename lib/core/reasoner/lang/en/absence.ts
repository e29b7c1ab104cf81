// English phrasings of a value recorded or missing ("no capital recorded", "haven't shipped yet"): parse/missing.

export const RECORDED =
  "(?:recorded|listed|given|entered|assigned|specified|provided|known|set|available|on file|filled in)";

/** Words that say a value is not on record. */
export const ABSENT = `(?:not ${RECORDED}|missing|unknown|empty|blank|null|not there)`;

/** The attribute phrase a pattern captures (group 1). */
export const PHRASE = "([a-z][a-z' -]{1,40}?)";

/** Absence and presence patterns, each with whether it asks for the value present (used with matchAll). */
export const PATTERNS: Array<{ re: RegExp; present: boolean }> = [
  // "no capital recorded", "without a director listed"
  { re: new RegExp(`\\b(?:no|without(?: an?| any)?) ${PHRASE} ${RECORDED}\\b`, "g"), present: false },
  // "whose capital is missing", "where the sex is not recorded", "is the sex not recorded"
  {
    re: new RegExp(
      `\\b(?:whose|where(?: the)?|with(?: the)?|is the|are the|is their|are their) ${PHRASE} ` +
        `(?:is |are |was |were )?${ABSENT}\\b`,
      "g",
    ),
    present: false,
  },
  // "don't have a sales rep assigned": the attribute is said to be recorded, or "do not have any song"
  // would be read as an empty song column instead of singers with no songs.
  {
    re: new RegExp(
      `\\b(?:do not|don't|does not|doesn't|did not|didn't) have (?:an? |any )?${PHRASE} ${RECORDED}\\b`,
      "g",
    ),
    present: false,
  },
  // "haven't shipped yet", "not yet delivered", "never paid"
  { re: /\b(?:haven't|hasn't|have not|has not|not yet|never) (?:been )?([a-z]+ed)\b/g, present: false },
  // "customers without an email?" (a phrase naming a table instead is a negation, read elsewhere)
  { re: new RegExp(`\\bwithout (?:an? |any )?${PHRASE}(?=[?.,!]|$)`, "g"), present: false },
  // "orders that still have no ship date", "customers with no phone?" (at the end of a clause)
  { re: new RegExp(`\\b(?:have|has|had|with) no ${PHRASE}(?= yet\\b|[?.,!]|$)`, "g"), present: false },
  // "with a director listed", "that have an email recorded"
  {
    re: new RegExp(`\\b(?:with|that have|who have|has|have) (?:an? |the |their )${PHRASE} ${RECORDED}\\b`, "g"),
    present: true,
  },
];

/** An article before the phrase of an absence, dropped. */
export const LEADING_ARTICLE = /^(?:the|a|an|any|their|its) /;
