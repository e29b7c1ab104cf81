// English forms of a question: what its opening and wording ask for (intent, plural, distinct, totals, leads).

export const COMPARATIVE = new RegExp(
  String.raw`\b(more|less|fewer|higher|lower|larger|smaller|bigger|greater|older|younger|longer|shorter|` +
    String.raw`taller|heavier|lighter|better|worse|earlier|later)\b`,
);

/** "what percentage of …": a share asked for. */
export const PERCENTAGE_ASKED =
  /\b(?:what|which)\s+(?:(?:is|was|are)\s+the\s+)?(?:percentage|percent|share|proportion|fraction)\b/;

/** "as a percentage of …", "how many percent": a share asked for. */
export const PERCENTAGE_AS =
  /\bhow many percent\b|\bwhat %|\bas an? (?:percentage|percent|share|proportion|fraction) of\b/;

/** "how many times …", "the ratio of …". */
export const RATIO_ASKED = /\bhow many times\b|\bratio (?:of|between)\b/;

/** "the difference between …". */
export const DIFFERENCE_ASKED = /\bdifference (?:between|in|of)\b/;

/** "which …, A or B?": a choice between two. */
export const EITHER_OR = /\b(?:which|who|what)\b[^?]*,?\s[\w .'-]+ or [\w .'-]+\??$/;

/** Words that open a second question inside a sentence (", and how many …"). */
export const CLAUSE_WORDS = new Set(["how", "what", "which", "list", "show", "give", "return", "find"]);

/** Superlatives that stand for the phrase after them, not for a concept of their own. */
export const GENERIC_SUPERLATIVES = new Set(
  "most least top best worst largest biggest greatest highest smallest lowest fewest maximum minimum bottom".split(" "),
);

/** Words that ask for several things. */
export const PLURAL_ASK = /\b(list|show|all|every|each|what are|which are|who are)\b/i;

/** Words that ask for distinct values. */
export const DISTINCT_ASK = /\b(different|distinct|unique)\b/i;

/** Prepositions that open a context phrase before the question proper ("In 2004, …"). */
export const LEAD_PREPOSITIONS = new Set(["on", "for", "in", "to", "from", "at", "by", "with", "across", "among"]);

/** Words that ask for a total ("in total", "altogether"). */
export const TOTAL_CUE = /\b(in total|altogether|all together|combined|in all|all told)\b/i;

/** Words of politeness skipped before the question proper ("could you tell me"). */
export const POLITE_OPENERS = new Set(["please", "can", "could", "you", "i", "want", "to", "know"]);

/** A verb after "who" that may name the column ("who directed …"). */
export const DEED_VERB = /ed$|won|wrote|sang|scored|coached|led|built|owned|drove/;

/** Words that ask for distinct values of what follows. */
export const DISTINCT_WORDS = ["different", "distinct", "unique"];

/** "most common", "least popular": ranked by how often. */
export const FREQUENCY_WORDS = ["common", "popular", "frequent", "usual"];

/** Prepositions that open the subject of an ask ("the number of …"). */
export const SUBJECT_LEADS = ["of", "for", "among", "in"];

/** Question words that open a new clause. */
export const QUESTION_WORDS = ["how", "what", "which", "who"];
