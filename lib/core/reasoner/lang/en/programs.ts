// English phrasings the candidate programs read: the measure a superlative ranks by, shares, averages, "who".
import type { AggregateFn } from "../../../retrieval/types";

/** Aggregate words a ranking measure may open with ("total", "average"). */
export const AGG_WORDS: Record<string, AggregateFn> = {
  sum: "sum",
  total: "sum",
  totals: "sum",
  average: "avg",
  mean: "avg",
  avg: "avg",
};

// "the largest sum of payments", "the highest average rating": an aggregate word right after a superlative.
export const LEAD = new RegExp(
  "\\b(?:largest|biggest|highest|greatest|most|top|smallest|lowest|least|fewest|best|worst)\\s+" +
    "(sum|totals?|average|mean|avg)\\s+(?:of\\s+)?(?:the\\s+)?((?:[a-z][\\w-]*\\s+){0,3}?[a-z][\\w-]*)\\s*(?:[?.!,]|$)",
);

// "… by total payments received", "… by quantity ordered": the measure after the last "by".
export const BY =
  /\bby\s+(?:the\s+)?(?:(sum of|totals?|average|mean|avg)\s+)?((?:[a-z][\w-]*\s+){0,3}?[a-z][\w-]*)\s*[?.!]*\s*$/;

// Participles that close a "by" phrase without naming the measure ("payments received").
export const TRAILING = /\s+(received|ordered|sold|paid|made|earned|spent|collected|recorded|placed|shipped)$/;

// "percentage of (all) (the) <up to five words> are|were|that|…": the whole a share is taken of.
export const SHARE_OF = new RegExp(
  "\\b(?:percentage|percent|share|proportion|fraction)\\s+of\\s+(?:all\\s+)?(?:the\\s+)?" +
    "((?:[a-z'-]+\\s+){0,4}?[a-z'-]+)" +
    "\\s+(?:are|were|is|was|have|has|had|that|who|which|left|went|came|did|do|got|in|from)\\b",
);

/** "average", "mean" in the question. */
export const AVERAGE_ASKED = /\baverage|mean\b/i;

/** A question that opens with "who". */
export const WHO_QUESTION = /^\s*who\b/i;

/** Column words of a rank or position, ordered by rather than measured. */
export const RANK_WORDS = ["rank", "ranking", "position", "place", "seed", "pos"];

/** A total asked for ("total", "in all", "combined"): a group's measure is summed, not averaged. */
export const TOTAL_ASKED = /\b(?:total|in all|combined|altogether|sum)\b/i;

/** "How many more …": the sides are counts of rows when the noun names a table. */
export const HOW_MANY_MORE = /\bhow many (?:more|fewer|less)\b/i;

/** "How much more did we collect": the sides are totals of an amount. */
export const HOW_MUCH_MORE = /\bhow much (?:more|less)\b/i;
