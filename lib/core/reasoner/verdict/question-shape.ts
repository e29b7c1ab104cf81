/**
 * What shape of answer a question asks for, read from its wording alone (English question words,
 * no domain vocabulary): a count, a number, one entity, a list, yes/no. The answer-shape checks
 * compare this with what the query returned.
 */
export type ExpectedShape = "count" | "number" | "one" | "list" | "yes-no" | "any";

export type QuestionShape = {
  shape: ExpectedShape;
  /** "the most", "the highest", "-est": one row expected unless the question asks per group. */
  superlative: boolean;
  /** "for each", "per", "by each": one row per group, many rows are fine. */
  perGroup: boolean;
  /** "top 3", "5 largest": how many rows the question itself asks for. */
  askedRows: number | null;
  /** The words naming what is asked for ("maker", "average horsepower"). */
  target: string[];
};

// "the number of schools" counts; "the phone number of the office" names an attribute.
const COUNT = /\bhow many\b|(?:^|\b(?:the|a|total)\s+)(?:count|number) of\b|\bhow often\b/;
const NUMBER =
  /\b(?:average|mean|total|sum|how much|how long|how old|how far|how tall|how big|difference|percentage|ratio)\b/;
const YES_NO = /^(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should)\b/;
const LIST = new RegExp(
  String.raw`^(?:list|show|give|name|find|return|display|get)\b|\b(?:what|which) (?:are|were)\b|` +
    String.raw`\bwho (?:are|were)\b|\ball\b|\bevery\b|\bnames\b`,
);
const ONE = new RegExp(
  String.raw`^(?:what|which|who|whom|whose|when|where)\b(?: \w+)? (?:is|was|has|had|does|did)\b|` +
    String.raw`^(?:what|which|who)\b(?! (?:are|were)\b)`,
);
const SUPERLATIVE = new RegExp(
  String.raw`\b(?:most|least|fewest|highest|lowest|largest|smallest|biggest|greatest|longest|shortest|` +
    String.raw`oldest|youngest|newest|earliest|latest|first|last|maximum|minimum|best|worst|top)\b|` +
    String.raw`\b\w{3,}est\b`,
);
const PER_GROUP = /\b(?:each|for every|per|grouped by|for all|respectively)\b/;
const LIST_START =
  /^(?:list|show|give|display|return|find all|what are|which are|who are|what were|which were|sort|order)\b/;
const TOP_N = new RegExp(
  String.raw`\b(?:top|first|last)\s+(\d+|two|three|four|five|ten)\b|\b(\d+|two|three|four|five|` +
    String.raw`ten)\s+(?:most|least|highest|lowest|largest|smallest|best|worst)\b`,
);
const WORD_NUMBERS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, ten: 10 };
const STOP = new Set([
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
const LEAD = new RegExp(
  String.raw`^(?:what|which|who|how many|how much|list|show|give|find|name)\s+(?:(?:is|are|was|were|` +
    String.raw`does|did|do)\s+)?(?:(?:the|all|me|of)\s+)*`,
);
const STOP_WORDS = new Set([
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

/**
 * The words right after the question word, up to a preposition or a verb ("car maker" of "which car maker produces…").
 */
function targetWords(q: string): string[] {
  const m = LEAD.exec(q);
  if (!m) return [];
  const out: string[] = [];
  for (const w of q.slice(m[0].length).split(/[\s,?.;:!]+/)) {
    if (!w || STOP_WORDS.has(w) || out.length >= 4) break;
    // After the first noun, a word ending in -s/-ed is most often the verb ("produces", "scored").
    if (out.length && /(?:[^s]s|ed)$/.test(w) && !/(?:ss|us|is)$/.test(w)) break;
    out.push(w);
  }
  return out;
}

const SINGULAR_VERB = new Set(["is", "was", "has", "does", "doesn't", "isn't", "wasn't", "hasn't"]);
const PLURAL_VERB = new Set(["are", "were", "have", "do", "don't", "aren't", "weren't", "haven't"]);

/**
 * "Which countries have…", "which Hawaiian airports are…": a plural noun after which/what asks for
 * every such row, not one. Read from the verb agreeing with it, or a plural first noun.
 */
function asksPlural(q: string): boolean {
  const m = /^(?:which|what)\s+(.*)$/.exec(q);
  if (!m) return false;
  const ws = m[1].split(/[\s,?.;:!]+/).slice(0, 5);
  for (const w of ws.slice(1)) {
    if (SINGULAR_VERB.has(w)) return false;
    if (PLURAL_VERB.has(w)) return true;
  }
  if (SINGULAR_VERB.has(ws[0]) || PLURAL_VERB.has(ws[0])) return false;
  return /(?:[^su's]s|ies)'?$/.test(ws[0] ?? "") && !/(?:[^s]s|ed)$/.test(ws[1] ?? "");
}

/** Normalised question text for the patterns above. */
function lower(question: string): string {
  return question.toLowerCase().replace(/[“”"]/g, "").replace(/\s+/g, " ").trim();
}

/** Reads the expected answer shape, superlative and target words of a question. */
export function questionShape(question: string): QuestionShape {
  const q = lower(question);
  const superlative = SUPERLATIVE.test(q.replace(/\bat least\b|\bat most\b/g, ""));
  const perGroup = PER_GROUP.test(q);
  const top = TOP_N.exec(q);
  const topWord = top ? (top[1] ?? top[2]) : null;
  const askedRows = topWord ? (WORD_NUMBERS[topWord] ?? Number(topWord)) : null;
  let shape: ExpectedShape = "any";
  if (YES_NO.test(q)) shape = "yes-no";
  else if (LIST_START.test(q)) shape = "list";
  else if (COUNT.test(q)) shape = "count";
  else if (NUMBER.test(q)) shape = "number";
  else if (LIST.test(q)) shape = "list";
  else if (asksPlural(q)) shape = "list";
  else if (ONE.test(q)) shape = "one";
  const target = targetWords(q).filter((w) => w.length > 1 && !STOP.has(w));
  return { shape, superlative, perGroup, askedRows, target };
}

/** How many rows the question accepts at most (null: any number). */
export function maxRowsExpected(s: QuestionShape): number | null {
  if (s.perGroup) return null;
  if (s.askedRows) return s.askedRows;
  if (s.shape === "count" || s.shape === "number" || s.shape === "yes-no") return 1;
  if (s.shape === "list") return null;
  if (s.superlative || s.shape === "one") return 1;
  return null;
}
