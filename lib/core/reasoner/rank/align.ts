import { SUPERLATIVES } from "../lang/en/lexicon";
import { contentWords, wordsMeet } from "../../retrieval/vocab";
import type { FeatureVector, ProgramShape } from "./features";
import { OPERATION_PHRASES, TEMPLATE } from "../lang/en/ranker";

/**
 * How well a question and a program's reading say the same thing (Berant & Liang 2014: a program is
 * chosen through its canonical utterance, by how well the utterance paraphrases the question).
 * Two kinds of evidence, neither tied to a domain's words:
 * - operations: closed-class English that says what is computed ("how many", "average", "most",
 *   "each", "not", "more than", "percent") against what the program computes;
 * - content: the question's content words covered by the reading's names and values, and the
 *   reading's names the question never mentions.
 */

/** The operation classes a question's wording asks for. */
function questionOperations(question: string): Set<string> {
  const q = question.toLowerCase().replace(/\u2019/g, "'");
  const out = new Set<string>();
  for (const [op, re] of Object.entries(OPERATION_PHRASES)) if (re.test(q)) out.add(op);
  // Any superlative asks for an extreme; a concept one ("oldest": latest birth date or highest age) not its direction.
  if (out.has("max") || out.has("min") || (q.match(/[a-z]+/g) ?? []).some((w) => SUPERLATIVES[w])) out.add("extreme");
  return out;
}

/** The operation classes a program computes, from its shape tags. */
function programOperations(shape: ProgramShape): Set<string> {
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
