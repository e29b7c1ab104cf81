// English words of the readings shown to people ("the number of orders whose customer's country is …"): render/grammar.

/** Function words kept inside a column's name as written ("number_of_orders" → "number of orders"). */
export const NAME_FUNCTION_WORDS = new Set(["of", "in", "on", "at", "by", "per", "for", "to", "and", "or", "the", "a"]);

/** Name parts said as written, whatever the index expanded them to ("id" → "ID", not "identifier"). */
export const KEPT_NAME_PARTS: Record<string, string> = { id: "ID" };

/** How an aggregate reads before a column's name ("the total freight"). */
export const AGGREGATE_WORDS: Record<string, string> = {
  sum: "total",
  avg: "average",
  min: "lowest",
  max: "highest",
};

/** How MIN and MAX read before a date column ("the earliest order date"). */
export const DATE_EXTREMES: Record<string, string> = { min: "earliest", max: "latest" };

/** How a superlative reads, by what it orders: a count, a measure, a date. */
export const MOST = { count: "most", measure: "highest", date: "latest" };
export const LEAST = { count: "fewest", measure: "lowest", date: "earliest" };

/** How a comparison of a value reads ("is more than 3"), and of a date ("is after 2015-01-01"). */
export const COMPARE_WORDS: Record<string, string> = {
  "=": "is",
  "!=": "is not",
  "<": "is less than",
  "<=": "is at most",
  ">": "is more than",
  ">=": "is at least",
  in: "is",
  "not-in": "is neither",
  contains: "contains",
  "starts-with": "starts with",
};
export const DATE_COMPARE_WORDS: Record<string, string> = {
  "<": "is before",
  "<=": "is on or before",
  ">": "is after",
  ">=": "is on or after",
};

/** How a bound on a count of rows reads ("with more than 3 orders"). */
export const COUNT_BOUND_WORDS: Record<string, string> = {
  "=": "exactly",
  "!=": "other than",
  "<": "fewer than",
  "<=": "at most",
  ">": "more than",
  ">=": "at least",
};

/** A value missing or recorded ("whose ship date is missing"). */
export const MISSING_WORDS = { missing: "is missing", present: "is recorded" };

/** Month names, for a date condition on a month ("in March 2018"). */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Leading words of a yes/no column's name that are not its meaning ("is_active" → active). */
export const FLAG_NAME_LEADS = new Set(["is", "has", "was", "were", "did", "does", "can", "flag"]);
/** Trailing words of a yes/no column's name that are not its meaning ("discontinued_flag" → discontinued). */
export const FLAG_NAME_TAILS = new Set(["flag", "ind", "indicator", "yn", "bool", "bit"]);

/** Patterns a reading shown to people must not contain (checked over the realworld tune programs). */
export const FORBIDDEN_READING_PATTERNS: ReadonlyArray<{ name: string; re: RegExp }> = [
  { name: "of the X of the X", re: /\bof the ([\p{L}\p{N}]+(?: [\p{L}\p{N}]+)?) of the \1\b/iu },
  { name: "having have", re: /\bhaving (?:have|has)\b/i },
  { name: "doubled word", re: /\b([\p{L}]+) \1\b/iu },
  { name: "X of X", re: /\b([\p{L}]{3,}) of (?:the |each |every )?\1\b/iu },
  { name: "snake_case identifier", re: /\b[\p{L}\p{N}]+_[\p{L}\p{N}_]+\b/u },
  { name: "CamelCase identifier", re: /\b\p{Ll}+\p{Lu}[\p{L}\p{N}]*\b|\b\p{Lu}\p{Ll}+\p{Lu}[\p{L}\p{N}]*\b/u },
  { name: "empty clause", re: /\bwhose\s*(?:and|$)|\band\s*$|,\s*$/ },
];

/** A reading shown to people is at most this long (its quoted values cut to QUOTED_VALUE_CHARS each). */
export const MAX_READING_CHARS = 260;
export const QUOTED_VALUE_CHARS = 40;
