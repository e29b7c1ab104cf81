// English words the program ranker crosses with program shapes, and the phrases of each operation it aligns.

export const STOP = new Set([
  "the",
  "a",
  "an",
  "of",
  "is",
  "are",
  "was",
  "were",
  "in",
  "on",
  "for",
  "to",
  "and",
  "or",
  "with",
  "that",
  "by",
  "do",
  "does",
  "did",
  "all",
  "their",
  "there",
  "its",
  "at",
  "as",
  "be",
  "from",
  "have",
  "has",
  "had",
]);

/** Question and quantity words kept as cues besides the stop words. */
export const CLOSED = new Set(
  (
    "how many much what which who whom whose when where why list show give name find tell count number " +
    "each every per any some no not none never than more less fewer most least only also both either neither " +
    "before after since until between over under above below first last next previous same other all " +
    "one two three four five six seven eight nine ten"
  ).split(" "),
);

/** A regular expression matching any of the `|`-separated phrases as whole words. */
const anyOf = (...alternatives: string[]) => new RegExp(`\\b(?:${alternatives.join("|")})\\b`);

/** Operation classes and the words or phrases that ask for each (English function words, not domain words). */
export const OPERATION_PHRASES: Record<string, RegExp> = {
  count: /\bhow many\b|\bnumber of\b|\bcount\b|\bhow often\b/,
  sum: /\btotal\b|\bsum\b|\bcombined\b|\baltogether\b|\bin all\b|\boverall\b|\bhow much\b/,
  avg: /\baverage\b|\bmean\b|\bon average\b|\btypical\b|\bper\s+\w+\s+on average\b/,
  max: /\b(?:most|highest|largest|biggest|greatest|maximum|max|top|best)\b/,
  min: /\b(?:least|lowest|smallest|fewest|minimum|min|worst)\b/,
  distinct: /\b(?:different|distinct|unique|kinds of|types of|how many \w+ (?:are|were) (?:there|listed|recorded))\b/,
  group: /\b(?:each|per|every|by each|for every|broken down)\b/,
  negation: /\b(?:not|no|never|without|none|n't|except|neither)\b/,
  greater: anyOf(
    "more than|over|above|greater than|exceeds?|exceeding|at least",
    "higher than|longer than|larger than|older than|after|since",
  ),
  less: anyOf(
    "less than|fewer than|under|below|at most",
    "lower than|shorter than|smaller than|younger than|before|until",
  ),
  percent: /\b(?:percent|percentage|share|proportion|fraction)\b|%/,
  difference: /\b(?:difference|how many more|how much more|how many fewer|how much less|more \w+ than)\b/,
  ratio: /\b(?:times|ratio)\b/,
  empty: /\b(?:empty|missing|blank|unknown|not recorded|not listed|no \w+ (?:recorded|listed|given|assigned))\b/,
  contains: /\b(?:contains?|containing|includes?|including|in (?:its|their|the) (?:name|title)|the word)\b/,
  starts: /\b(?:starts?|starting|begins?|beginning) with\b/,
  list: /^(?:list|show|which|what are|name|give)\b/,
};

/** Reading words that belong to the template, not to the dataset. */
export const TEMPLATE = new Set(
  (
    "number of whose is are not the a an and or with highest lowest total average first last each for " +
    "different more less than at least most fewest between rows that have having also except those " +
    "which empty contains starts in table order exactly top difference who"
  ).split(" "),
);
