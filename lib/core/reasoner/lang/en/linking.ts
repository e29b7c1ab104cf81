// English words the schema linker reads: key and name words of columns, function words, question cues.

export const KEY_WORDS = new Set(["id", "identifier", "code", "key", "no", "number"]);

/** Column words of a name. */
export const NAME_WORDS = new Set(["name", "title", "label"]);

/** Function words that never name a column on their own (question words, articles, auxiliaries). */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the of in on at to for from by with and or but not no is are was were be been being do does did has have " +
    "had what which who whom whose where when why how that this these those there their its it they them he she his " +
    "her we our you your i me my all any each every some than then as into about can could would should will also " +
    "please list show give find return tell display get many much"
  ).split(" "),
);

/** Comparative or superlative wording: most, least, more than, highest, average…. */
export const COMPARE = new RegExp(
  String.raw`\b(most|least|more|less|fewer|greater|larger|smaller|higher|lower|highest|lowest|largest|` +
    "smallest|biggest|best|worst|top|maximum|minimum|max|min|average|avg|mean|total|sum|above|" +
    "below|over|under|at least|at most|older|oldest|younger|youngest|longest|shortest|earliest|" +
    String.raw`latest|\w+est)\b`,
);

/** Words that ask about a time. */
export const TIME_ASK = /\b(year|years|when|date)\b/;

/** Words that ask for a count. */
export const COUNT_ASK = /\b(how many|number of|count)\b/;

/** Column words of a time. */
export const DATE_WORDS = ["date", "time", "day", "year", "timestamp", "when"];
