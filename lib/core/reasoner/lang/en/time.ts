// English words of time phrases the recognizer does not read or reads too eagerly (question/time): decades,
// weekends, month ends, relative words, and the date parts a question groups by ("which month …").

import type { DatePartUnit } from "../../../retrieval/types";

/** "the 1990s", "the 1920's": a decade (its first year's first three digits). */
export const DECADE = /\b(?:the\s+)?(1[5-9]\d|20\d)0'?s\b/gi;

/** "the 19th century", "the twentieth century". */
export const CENTURY = /\b(?:the\s+)?(\d{2})(?:st|nd|rd|th)\s+century\b/gi;

/** "on a weekend", "at weekends": Saturday and Sunday (strftime %w 6 and 0). */
export const WEEKEND = /\b(?:on|at|over|during)\s+(?:a\s+|the\s+)?weekends?\b/i;

/** "on weekdays", "on a working day": Monday to Friday. */
export const WEEKDAY = /\b(?:on|during)\s+(?:a\s+)?(?:weekdays?|working days?|business days?)\b/i;

/** "on the last day of a month", "at month end": the day before a month's first. */
export const MONTH_END = /\b(?:last day of (?:a|the|each|every) month|month[- ]ends?|end of (?:a|the|each) month)\b/i;

/**
 * A recognized phrase counts as relative to "now" (and so to the data's last date) only with one of
 * these words: "the year" alone in "month of the year" names no year.
 */
export const RELATIVE_WORDS =
  /\b(?:last|past|previous|prior|this|current|next|coming|recent|recently|ago|yesterday|today|tomorrow|to date|ytd)\b/i;

/** "the last year where …", "the first month": a position among the rows, not a period before now. */
export const POSITION_NOT_PERIOD = /\bthe\s*$/i;
/** A period with a length ("the last 3 years", "the past two months") stays a period after "the". */
export const COUNTED_PERIOD = /\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|several)\b/i;

/** Words before a date that read the date as an open bound (the recognizer's Mod says the same). */
export const TIME_SINCE = /\b(?:since|starting(?: from| in)?|as of|on or after)\s*$/i;
export const TIME_AFTER = /\b(?:after|later than)\s*$/i;
export const TIME_BEFORE = /\b(?:before|earlier than|prior to)\s*$/i;
/** Up to and with the date: "until 2010", "through March". */
export const TIME_UNTIL = /\b(?:until|till|up to|through|no later than|on or before)\s*$/i;

/** Between two recognized dates: a range when one of these joins them ("2012 and 2015", "1919 to 1938"). */
export const RANGE_JOINER = /^\s*(?:and|to|through|thru|till|until|-|–)\s*$/i;
/** Before the first of two joined dates: the range opens ("between", "from"). */
export const RANGE_OPENER = /\b(?:between|from)\s*$/i;

/** A lone lower-case "may" is the verb unless a date word comes before it. */
export const MAY_AS_MONTH = /\b(?:in|of|during|since|before|after|until|by|from|early|late|mid)\s*$/i;

/** Ask words that make a date part the grouping: "which month", "what day of the week", "per year", "by hour". */
const PART_NAMES: Array<[RegExp, DatePartUnit]> = [
  [/day of the week|weekday|day of week/, "weekday"],
  [/month of the year|calendar month|month/, "month"],
  [/quarter/, "quarter"],
  [/hour of the day|time of day|hour/, "hour"],
  [/day of the month/, "day"],
  [/year/, "year"],
];

/** Phrases that ask for a date part as the answer's group: "which month had …", "in which year", "per month". */
export const PART_GROUP = new RegExp(
  String.raw`\b(?:which|what|in which|during which|on which|per|by|each|every|for each|for every|busiest|quietest)\s+` +
    String.raw`((?:day of the week|day of week|weekday|month of the year|calendar month|month|quarter|` +
    String.raw`hour of the day|hour|day of the month|year))\b`,
  "i",
);

/** The part a group phrase names ("day of the week" → weekday). */
export function partOfPhrase(phrase: string): DatePartUnit | null {
  const lower = phrase.toLowerCase();
  return PART_NAMES.find(([re]) => re.test(lower))?.[1] ?? null;
}

/** How a condition on a part reads when it is no number ("falls on a month's last day"). */
export const PART_READ: Record<"month-end", string> = { "month-end": "falls on a month's last day" };

/** How a date part reads in a program's reading ("month of order_date"). */
export const PART_WORDS: Record<DatePartUnit, string> = {
  year: "year",
  quarter: "quarter",
  month: "month",
  day: "day of the month",
  weekday: "day of the week",
  hour: "hour",
  "month-day": "day of the year",
  "month-end": "month end",
};

/** Column-name words of a number column that holds years ("season 2012", "vintage 1998"). */
export const YEAR_WORDS = ["year", "yr", "season", "vintage"];
