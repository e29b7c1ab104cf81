// English phrases of grouping, ordering, superlatives, count conditions, negation, adjacency, position: parse/clauses.

export const GROUP_LEADS = [
  "for each",
  "in each",
  "of each",
  "for every",
  "by each",
  "per",
  "grouped by",
  "group by",
  "broken down by",
  "each",
];

/** Words after a number that make it a measure, not a counted noun ("5 years"). */
export const UNITS = new Set(
  (
    "year years month months day days hour hours minute minutes second seconds kg kilograms km miles meters metres " +
    "cm percent % dollars dollar euros points point pounds feet inches degrees"
  ).split(" "),
);

/** Verbs and prepositions before a bound that make it a condition on a count ("have more than 2 pets"). */
export const HAVE_CUES = new Set(
  (
    "have has had with by in contain contains containing own owns owned hold holds play plays played use uses used " +
    "take takes taken attend attended"
  ).split(" "),
);

/** Words that negate the rest of the clause ("do not have", "without", "never"). */
export const NEGATION = new RegExp(
  String.raw`\b(?:do|does|did|is|are|was|were|has|have|had|can)\s*(?:not|n't)\b|\b(?:don't|doesn't|` +
    String.raw`didn't|isn't|aren't|wasn't|weren't|hasn't|haven't|hadn't|never|without|no longer)\b|` +
    String.raw`\bnot\b|\bwith no\b|\bhave no\b|\bhas no\b`,
);

// "above $200 million": the word after the digits is part of the amount, not a counted noun.
export const MAGNITUDES = /^(hundred|thousand|million|billion|trillion|k|m|mn|bn|mio|thousands|millions|billions)$/;

/** "previous to X", "just before X": the row before the one X names (group 1). */
export const BEFORE_WORDS = new RegExp(
  String.raw`\b(?:previous to|prior to|right before|just before|immediately before|before|above|` +
    String.raw`preceding|ahead of)\s+(?:the\s+)?(.+?)(?:[?.,;]|$)`,
);

/** "listed after X", "next to X": the row after the one X names (group 1). */
export const AFTER_WORDS = new RegExp(
  String.raw`\b(?:right after|just after|immediately after|next after|listed after|after|below|` +
    String.raw`following|behind|next to)\s+(?:the\s+)?(.+?)(?:[?.,;]|$)`,
);

/** A descending order asked for ("from highest to lowest"). */
export const DESCENDING =
  /\b(descending|decreasing|reverse|high(?:est)? to low|large(?:st)? to small|most to least|desc)\b/;

/** "from the oldest to the youngest": an order between two superlatives. */
export const FROM_TO = /\bfrom (?:the )?(\w+) to (?:the )?(\w+)\b/;

/** Words that open an ordering phrase ("sorted by age"). */
export const ORDER_LEADS = [
  ["ordered", "by"],
  ["sorted", "by"],
  ["order", "by"],
  ["sort", "by"],
  ["ranked", "by"],
  ["order", "of"],
  ["arranged", "by"],
  ["sorted", "according", "to"],
];

/** Words skipped between an ordering lead and what it orders by. */
export const ORDER_SKIPPED = [
  "the",
  "their",
  "its",
  "his",
  "her",
  "descending",
  "ascending",
  "increasing",
  "decreasing",
];

/** Direction words that end the phrase an ordering is by. */
export const ORDER_DIRECTIONS = new Set([
  "descending",
  "ascending",
  "increasing",
  "decreasing",
  "alphabetical",
  "alphabetically",
]);

/** An order asked for without saying by what ("in alphabetical order"). */
export const ORDER_CUE = /\balphabetical(?:ly)?\b|\border\b|\bsorted\b/;

/** The phrase after a final "by", when an order is asked for. */
export const ORDER_BY_TAIL =
  /\bby (?:the |their |its )?([\w ]+?)(?: in (?:ascending|descending|alphabetical) order)?[.?]?$/;

/** "most common", "least popular": a superlative by how often. */
export const MOST_COMMON = /(common|popular|frequent|often|usual)/;

/** Superlatives that rank by the phrase after them, not by a concept of their own. */
export const GENERIC_SUPERLATIVE_HEADS = ["most", "least", "top", "best", "worst"];

/** A token that can be the number of a count condition. */
export const COUNT_WORD = /\d|one|two|three|four|five|six|seven|eight|nine|ten|single/;

/** Verbs of having left out of a negated phrase ("do not own a cat" → "cat"). */
export const NEGATED_VERBS = [
  "own",
  "owns",
  "use",
  "used",
  "using",
  "have",
  "has",
  "any",
  "participate",
  "participated",
];

/** After/before these, the phrase is a time, not a row next to another. */
export const TIME_POSITIONS = /^(the )?(year|season|date|game|war|end|start|death|birth)\b/;

/** The first row of the table asked for. */
export const FIRST_POSITION =
  /\b(top|beginning|start) of the (table|chart|list)\b|\bfirst (listed|on the (table|chart|list))/;

/** The last row of the table asked for. */
export const LAST_POSITION = /\b(bottom|end) of the (table|chart|list)\b|\blast (listed|on the (table|chart|list))/;

/** How many times an adverb says ("ordered twice"): a count condition on the event. */
export const FREQUENCY_ADVERBS: Record<string, number> = { once: 1, twice: 2, thrice: 3 };

/** Ordinals of a repeat ("a third stay", "for the second time"): the count reaches this number. */
export const REPEAT_ORDINALS: Record<string, number> = {
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};

/** Words between a verb and its count that name neither ("ordered exactly twice", "visited at least 3 times"). */
export const FREQUENCY_FILLERS = new Set(
  (
    "exactly only just precisely at least most more less fewer than no over under or and a an the " +
    "for back again in"
  ).split(" "),
);

/** "in two different fields", "by three distinct laureates": the counted values are distinct. */
export const DISTINCT_COUNTED = /^(?:different|distinct|separate|unique)$/;

/** Auxiliaries before a frequency that are not the counted event ("have ordered twice" counts orders, not "have"). */
export const AUXILIARIES = new Set(
  "have has had was were been be is are did do does will would can could who which that".split(" "),
);
