import { SUPERLATIVES } from "../lang/en/lexicon";
import { contentWords, wordsMeet } from "../../retrieval/vocab";
import type { FeatureVector, ProgramShape } from "./features";

/**
 * How well a question and a program's reading say the same thing (Berant & Liang 2014: a program is
 * chosen through its canonical utterance, by how well the utterance paraphrases the question).
 * Two kinds of evidence, neither tied to a domain's words:
 * - operations: closed-class English that says what is computed ("how many", "average", "most",
 *   "each", "not", "more than", "percent") against what the program computes;
 * - content: the question's content words covered by the reading's names and values, and the
 *   reading's names the question never mentions.
 */

/** A regular expression matching any of the `|`-separated phrases as whole words. */
const anyOf = (...alternatives: string[]) => new RegExp(`\\b(?:${alternatives.join("|")})\\b`);

/** Operation classes and the words or phrases that ask for each (English function words, not domain words). */
const OPERATION_PHRASES: Record<string, RegExp> = {
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

/** The operation classes a question's wording asks for. */
export function questionOperations(question: string): Set<string> {
  const q = question.toLowerCase().replace(/\u2019/g, "'");
  const out = new Set<string>();
  for (const [op, re] of Object.entries(OPERATION_PHRASES)) if (re.test(q)) out.add(op);
  // Any superlative asks for an extreme; a concept one ("oldest": latest birth date or highest age) not its direction.
  if (out.has("max") || out.has("min") || (q.match(/[a-z]+/g) ?? []).some((w) => SUPERLATIVES[w])) out.add("extreme");
  return out;
}

/** The operation classes a program computes, from its shape tags. */
export function programOperations(shape: ProgramShape): Set<string> {
  const out = new Set<string>();
  const has = (prefix: string) => shape.tags.some((t) => t.startsWith(prefix));
  if (has("agg:count-distinct")) out.add("distinct").add("count");
  else if (has("agg:count")) out.add("count");
  for (const fn of ["sum", "avg", "min", "max"]) if (has(`agg:${fn}`)) out.add(fn);
  if (has("kind:argmax") || has("kind:group-argmax") || has("order-desc")) out.add("max");
  if (has("kind:argmin") || has("kind:group-argmin") || has("order-asc")) out.add("min");
  if (has("kind:group") || has("kind:having")) out.add("group");
  if (has("negation") || has("setop:except")) out.add("negation");
  if (has("distinct")) out.add("distinct");
  for (const t of shape.tags) {
    const op = /^op:(.+)$/.exec(t)?.[1];
    if (op) out.add(op);
  }
  if (has("kind:project")) out.add("list");
  if (out.has("max") || out.has("min")) out.add("extreme");
  return out;
}

/** Reading words that belong to the template, not to the dataset. */
const TEMPLATE = new Set(
  (
    "number of whose is are not the a an and or with highest lowest total average first last each for " +
    "different more less than at least most fewest between rows that have having also except those " +
    "which empty contains starts in table order exactly top difference who"
  ).split(" "),
);

function readingWords(reading: string): string[] {
  const unquoted = reading.replace(/"[^"]*"/g, " ");
  return contentWords(unquoted).filter((w) => !TEMPLATE.has(w) && !/^\d/.test(w));
}

function quotedValues(reading: string): string[] {
  return [...reading.matchAll(/"([^"]*)"/g)].map((m) => m[1].toLowerCase());
}

const bucket = (n: number) => (n >= 3 ? "3+" : String(n));

/** Alignment features of (question, reading, shape), for the program ranker. */
export function alignmentFeatures(question: string, reading: string, shape: ProgramShape): FeatureVector {
  const f: FeatureVector = new Map();
  const add = (k: string, v = 1) => f.set(k, (f.get(k) ?? 0) + v);
  const qOps = questionOperations(question);
  const rOps = programOperations(shape);
  for (const op of new Set([...qOps, ...rOps])) add(`op:${op}:${qOps.has(op) ? (rOps.has(op) ? "both" : "q") : "r"}`);
  const lower = question.toLowerCase();
  const values = quotedValues(reading);
  const valueText = values.join(" ");
  const rWords = readingWords(reading);
  const qWords = contentWords(question).filter((w) => !/^\d/.test(w) && !isOperationWord(w));
  const coveredQ = qWords.filter((w) => rWords.some((r) => wordsMeet(w, r)) || valueText.includes(w));
  const coveredR = rWords.filter((r) => qWords.some((w) => wordsMeet(w, r)));
  if (qWords.length) add("al:qcov", coveredQ.length / qWords.length);
  add(`al:qmiss=${bucket(qWords.length - coveredQ.length)}`);
  if (rWords.length) add("al:rcov", coveredR.length / rWords.length);
  add(`al:rmiss=${bucket(new Set(rWords).size - new Set(coveredR).size)}`);
  // A condition value the question never says is a guess.
  const unsaid = values.filter((v) => v && !lower.includes(v.replace(/\uffff/g, "")));
  if (unsaid.length) add("al:value-unsaid", unsaid.length);
  const numbers = lower.match(/\b\d+(?:\.\d+)?\b/g) ?? [];
  const usedNumbers = numbers.filter((n) => reading.includes(n));
  if (numbers.length) add(`al:numbers-unused=${bucket(numbers.length - usedNumbers.length)}`);
  return f;
}

/** Whether a single word only says what to compute ("average", "most", "oldest"). */
export function isOperationWord(word: string): boolean {
  return !!SUPERLATIVES[word] || Object.values(OPERATION_PHRASES).some((re) => re.test(word));
}
