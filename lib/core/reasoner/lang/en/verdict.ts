// English wording the verdict reads: the answer shape a question asks for, what it measures, words without content.

// "the number of schools" counts; "the phone number of the office" names an attribute.
export const COUNT = /\bhow many\b|(?:^|\b(?:the|a|total)\s+)(?:count|number) of\b|\bhow often\b/;

/** Words that ask for a number other than a count. */
export const NUMBER =
  /\b(?:average|mean|total|sum|how much|how long|how old|how far|how tall|how big|difference|percentage|ratio)\b/;

/** An auxiliary that opens a yes/no question. */
export const YES_NO = /^(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should)\b/;

/** Words that ask for a list. */
export const LIST = new RegExp(
  String.raw`^(?:list|show|give|name|find|return|display|get)\b|\b(?:what|which) (?:are|were)\b|` +
    String.raw`\bwho (?:are|were)\b|\ball\b|\bevery\b|\bnames\b`,
);

/** Words that ask for one thing. */
export const ONE = new RegExp(
  String.raw`^(?:what|which|who|whom|whose|when|where)\b(?: \w+)? (?:is|was|has|had|does|did)\b|` +
    String.raw`^(?:what|which|who)\b(?! (?:are|were)\b)`,
);

/** Superlatives (a word in -est included). */
export const SUPERLATIVE = new RegExp(
  String.raw`\b(?:most|least|fewest|highest|lowest|largest|smallest|biggest|greatest|longest|shortest|` +
    String.raw`oldest|youngest|newest|earliest|latest|first|last|maximum|minimum|best|worst|top)\b|` +
    String.raw`\b\w{3,}est\b`,
);

/** Words that ask for one answer per group. */
export const PER_GROUP = /\b(?:each|for every|per|grouped by|for all|respectively)\b/;

/** A command or plural question that opens a list. */
export const LIST_START =
  /^(?:list|show|give|display|return|find all|what are|which are|who are|what were|which were|sort|order)\b/;

/** "top 5", "three highest": the number of rows asked for. */
export const TOP_N = new RegExp(
  String.raw`\b(?:top|first|last)\s+(\d+|two|three|four|five|ten)\b|\b(\d+|two|three|four|five|` +
    String.raw`ten)\s+(?:most|least|highest|lowest|largest|smallest|best|worst)\b`,
);

/** Number words TOP_N reads. */
export const WORD_NUMBERS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, ten: 10 };

/** Words that name no target of the question. */
export const STOP = new Set([
  "the",
  "a",
  "an",
  "of",
  "in",
  "on",
  "for",
  "to",
  "with",
  "by",
  "at",
  "from",
  "and",
  "or",
  "that",
  "this",
  "there",
  "all",
  "each",
  "every",
  "different",
  "distinct",
  "total",
  "number",
  "average",
  "mean",
  "sum",
  "name",
  "names",
]);

/** The opening of a question before its target words. */
export const LEAD = new RegExp(
  String.raw`^(?:what|which|who|how many|how much|list|show|give|find|name)\s+(?:(?:is|are|was|were|` +
    String.raw`does|did|do)\s+)?(?:(?:the|all|me|of)\s+)*`,
);

/** Words that end the target phrase. */
export const STOP_WORDS = new Set([
  "of",
  "in",
  "on",
  "for",
  "with",
  "by",
  "at",
  "from",
  "that",
  "who",
  "which",
  "where",
  "when",
  "does",
  "did",
  "do",
  "is",
  "are",
  "was",
  "were",
  "has",
  "have",
  "had",
  "whose",
  "than",
  "and",
  "or",
  "to",
  "won",
  "made",
  "got",
  "had",
  "came",
  "went",
  "took",
  "gave",
  "ran",
  "led",
  "held",
  "lost",
  "became",
  "can",
  "will",
]);

/** Verbs that agree with one thing. */
export const SINGULAR_VERB = new Set(["is", "was", "has", "does", "doesn't", "isn't", "wasn't", "hasn't"]);

/** Verbs that agree with several things. */
export const PLURAL_VERB = new Set(["are", "were", "have", "do", "don't", "aren't", "weren't", "haven't"]);

/** Bounds that are not superlatives (used with replace). */
export const BOUNDS = /\bat least\b|\bat most\b/g;

/** A question opening with "which" or "what", and the rest. */
export const WHICH_WHAT = /^(?:which|what)\s+(.*)$/;

/** Words that say how much, not of what ("amount", "number", "value"). */
export const GENERIC = new Set([
  "amount",
  "number",
  "value",
  "total",
  "count",
  "times",
  "time",
  "much",
  "many",
  "lot",
  "level",
]);

/** Words that modify what is asked rather than name it ("the difference", "the top", "how many times"). */
export const MODIFIERS = new Set([
  "difference",
  "top",
  "next",
  "previous",
  "current",
  "times",
  "time",
  "amount",
  "other",
  "else",
  "someone",
  "anyone",
  "only",
  "same",
  "single",
  "following",
  "latter",
  "former",
  "more",
  "less",
  "one",
  "ones",
  "people",
  "person",
]);

/** "what is the X of Y": an attribute asked of a named thing. */
export const ATTRIBUTE_OF =
  /^(?:what|who|which)\s+(?:is|was|are|were)\s+the\s+[\w\s'-]+?\s+(?:of|on|in|at|for|during)\b/i;

/** A question offering a choice, whose answer may repeat its words. */
export const CHOICE_WORDS = /\b(or|between|versus|vs)\b/;

/** Words that carry no content in a question: question words, articles, auxiliaries, prepositions. */
export const FUNCTION_WORDS = new Set(
  (
    "what which who whom whose when where why how is are was were be been being do does did have has had the a " +
    "an of in on for to " +
    "with by at from and or not no that this these those there their its it they them he she his her we you i me " +
    "my our your all " +
    "each every any some many much more most less least than as into about over under between after before " +
    "during per " +
    "list show give tell find name names return display get can could will would should please also only just " +
    "same other " +
    "number count total average mean sum maximum minimum max min both either one two three four five ten first " +
    "last different distinct " +
    "value values record records entry entries row rows table tables"
  ).split(/\s+/),
);

/** Identifiers of a key or code column: "id", "customer_id", "productCode", "orderNumber", "iata". */
export const KEY_NAME = /(?:^|_|\b)(?:id|key|code|no|num)$|(?:[a-z])(?:Id|ID|Key|Code|Number|No)$|^(?:id|pk|fk)_/;

/** Month and calendar words, for CALENDAR. */
const MONTHS =
  "january february march april may june july august september october november december " +
  "jan feb mar apr jun jul aug sep sept oct nov dec day days month months year years date dates";

export const CALENDAR = new Set(MONTHS.split(" "));

/** A question asking which or who. */
export const WHICH_WHO = /^\s*(?:which|who|whom)\b/i;
