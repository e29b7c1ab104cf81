// English words of the readings shown for a program ("number of X whose Y is Z"), and words that flip a comparison.

export const LOWER = /\b(less|fewer|lower|smaller|younger|shorter|earlier|worse|least|cheaper)\b/i;

/** How each comparison reads in words. */
export const OPS: Record<string, string> = {
  "=": "is",
  "!=": "is not",
  "<": "is less than",
  "<=": "is at most",
  ">": "is more than",
  ">=": "is at least",
  in: "is",
  "not-in": "is not",
  between: "is between",
  contains: "contains",
  "starts-with": "starts with",
  "is-null": "is empty",
  "not-null": "is not empty",
};

/** How each aggregate reads in words. */
export const FN_WORDS: Record<string, string> = {
  sum: "total",
  avg: "average",
  min: "lowest",
  max: "highest",
  count: "number of",
};

/** How each aggregate reads before a column name. */
export const FN_READ: Record<string, string> = {
  sum: "total ",
  avg: "average ",
  min: "lowest ",
  max: "highest ",
  count: "number of ",
};

/** A comparison asked the lower way ("which has fewer …"). */
export const LOWER_READ = /\b(less|fewer|lower|smaller|younger|shorter|earlier|cheaper)\b/i;
