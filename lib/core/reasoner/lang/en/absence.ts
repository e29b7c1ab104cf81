// English phrasings of a value recorded or missing ("no capital recorded", "haven't shipped yet"): parse/missing.

const RECORDED =
  "(?:recorded|listed|given|entered|assigned|specified|provided|known|set|available|on file|on record|filled in)";

/** Words that say a value is not on record. */
const ABSENT = `(?:not ${RECORDED}|missing|unknown|empty|blank|null|not there)`;

/** The attribute phrase a pattern captures (group 1). */
const PHRASE = "([a-z][a-z' -]{1,40}?)";

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
  // "haven't shipped yet", "not yet delivered", "never paid" — not "never placed an order", where the
  // verb relates the rows to another table's rows (an anti-join, programs/negation.ts).
  {
    re: new RegExp(
      String.raw`\b(?:haven't|hasn't|have not|has not|not yet|never) (?:been )?([a-z]+ed)\b` +
        String.raw`(?! (?:an?|any|the|one|some) [a-z])`,
      "g",
    ),
    present: false,
  },
  // "not part of another country", "not assigned to any team": the reference to that row is missing.
  {
    re: new RegExp(
      String.raw`\b(?:not|never) (?:been )?((?:part|member|assigned|attached|linked|tied|subordinate|child)` +
        String.raw`(?: of| to)?) (?:an?|any|another|other)\b`,
      "g",
    ),
    present: false,
  },
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

/**
 * States whose words name the missing value, not the column: "still alive" is a death date not on
 * record, "still open" an end not on record. Each maps a question pattern to the attribute phrase.
 */
export const ABSENT_STATES: Array<{ re: RegExp; phrase: string }> = [
  { re: /\b(?:still alive|still living|alive|living)\b/, phrase: "died" },
  { re: /\b(?:still open|still running|ongoing|unfinished|never ended|not ended|not yet ended)\b/, phrase: "end" },
  { re: /\b(?:unshipped|not yet shipped)\b/, phrase: "shipped" },
  { re: /\b(?:unpaid|not yet paid)\b/, phrase: "paid" },
  { re: /\b(?:unassigned)\b/, phrase: "assigned" },
];

/** "except", "apart from", "other than": the values after it are left out (a NOT IN). */
export const EXCEPT = /\b(?:except(?: for)?|apart from|other than|excluding|besides|aside from|but not)\b/;

/** Past participles that do not end in -ed, for "never sold a …", "never won a …" (a relation to another table). */
export const IRREGULAR_PARTICIPLES = new Set([
  "sold",
  "bought",
  "won",
  "lost",
  "made",
  "paid",
  "sent",
  "held",
  "given",
  "taken",
  "written",
  "seen",
  "led",
  "met",
  "built",
  "taught",
  "brought",
  "had",
  "got",
  "gotten",
  "done",
]);

/**
 * "never placed an order", "have not sold any product": a participle (group 1) and the noun after
 * its article (group 2), the rows of another table the main rows are related to.
 */
export const RELATION = new RegExp(
  String.raw`\b(?:never|not|n't|no longer)\s+(?:yet\s+|ever\s+)?([a-z]{3,}ed|[a-z]+)\s+` +
    String.raw`(?:an?|any|the|one|some|a single)\s+([a-z][a-z -]*?)` +
    String.raw`(?=[?.,!;]|$|\s+(?:in|on|at|from|with|before|after|since|during|by|for|to)\b)`,
);

/**
 * Verbs that make a row rather than change its state ("placed an order", "made a booking"): before
 * a noun naming a table they relate the rows to it, so a status value written the same ("placed")
 * is not a condition. State changes ("returned", "shipped", "cancelled") stay values.
 */
export const CREATE_VERBS = new Set([
  "placed",
  "place",
  "made",
  "make",
  "created",
  "create",
  "submitted",
  "submit",
  "booked",
  "book",
  "opened",
  "open",
  "wrote",
  "written",
  "write",
  "filed",
  "file",
  "issued",
  "issue",
  "logged",
  "log",
  "entered",
  "enter",
]);

/**
 * A verb (group 1) and the noun after its determiner (group 2): "placed the most orders", "made a
 * booking" (matchAll).
 */
export const VERB_OBJECT = new RegExp(
  String.raw`\b([a-z]+)\s+(?:(?:an?|any|the|one|some|more|most|fewest|no|the most|the fewest|at least|\d+)\s+)?` +
    String.raw`([a-z][a-z-]*(?: [a-z][a-z-]*)?)` +
    String.raw`(?=[?.,!;]|$|\s+(?:in|on|at|from|with|before|after|since|during|by|for|to|than|and|or|but)\b)`,
  "g",
);

/** Words just before a yes/no column's meaning that ask for its false side ("did not complete", "never returned"). */
export const FLAG_NEGATORS = new Set([
  "not",
  "never",
  "no",
  "non",
  "without",
  "isn't",
  "wasn't",
  "aren't",
  "weren't",
  "didn't",
  "don't",
  "doesn't",
  "haven't",
  "hasn't",
  "hadn't",
]);

/** Prefixes that negate a yes/no column's meaning written as one word ("uncompleted", "non-smoker", "inactive"). */
export const FLAG_NEGATING_PREFIX = /^(?:un|non-?|in)(.{4,})$/;
