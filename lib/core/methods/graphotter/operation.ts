import { normalizeText, stem } from "../../text";
import { softmaxProbabilities, type SoftmaxModel } from "./policy-model";

/**
 * What a question asks GraphOTTER to do with the cells it reaches (aggregation over header groups):
 * read one cell, combine named cells (sum, average, difference, ratio, percent change), negate a
 * decline written as negative, name the entry with the largest or smallest value (argmax/argmin,
 * or between named options: choose-max/choose-min), list the top k, or count the entries.
 */
/** "top three", "first 5", "three regions with the highest": a top-k question. */
const TOP_K = new RegExp(
  "\\b(top|first|leading)\\s+(two|three|four|five|six|\\d+)\\b|" +
    "\\b(two|three|four|five|\\d+)\\s+\\w+\\s+with the (highest|largest|most|lowest)",
);

export const OPERATION_CLASSES = [
  "lookup",
  "sum",
  "average",
  "difference",
  "ratio",
  "percent-change",
  "negate",
  "argmax",
  "argmin",
  "choose-max",
  "choose-min",
  "topk",
  "count",
] as const;
export type OperationClass = (typeof OPERATION_CLASSES)[number];

/** Operations over every entry of a header group rather than named cells. */
export const GROUP_OPERATIONS: ReadonlySet<string> = new Set(["argmax", "argmin", "topk", "count"]);

/**
 * The sparse features the operation model reads: lowercase words and their stems, word pairs, and
 * a few cues of form (an "… or …?" ending, "from … to …", "between … and …", a leading wh-word).
 */
export function operationFeatures(question: string): string[] {
  const q = normalizeText(question);
  const words = q.match(/[\p{L}\p{N}%]+/gu) ?? [];
  const out = new Set<string>();
  words.forEach((w, i) => {
    out.add(`w:${w}`);
    out.add(`s:${stem(w)}`);
    if (i > 0) out.add(`b:${words[i - 1]}_${w}`);
  });
  if (words[0]) out.add(`first:${words[0]}`);
  const lastClause =
    q
      .split(/[,?;:]/)
      .filter((s) => s.trim())
      .at(-1) ?? "";
  if (/\bor\b/.test(lastClause) && lastClause.split(/\s+/).length <= 16) out.add("cue:options");
  if (/\bfrom\b.*\bto\b/.test(q)) out.add("cue:from-to");
  if (/\bbetween\b.*\band\b/.test(q)) out.add("cue:between-and");
  if (TOP_K.test(q)) out.add("cue:top-k");
  if (/\brespectively\b/.test(q)) out.add("cue:respectively");
  return [...out];
}

/** Probabilities of every operation class for a question (classes the model does not know get 0). */
export function operationProbabilities(model: SoftmaxModel, question: string): Map<OperationClass, number> {
  const p = softmaxProbabilities(model, operationFeatures(question));
  const out = new Map<OperationClass, number>(OPERATION_CLASSES.map((c) => [c, 0]));
  model.classes.forEach((c, i) => {
    if (out.has(c as OperationClass)) out.set(c as OperationClass, p[i]);
  });
  return out;
}

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  ten: 10,
};

/** The k of "the three largest", "top 5" (default 3). */
export function topK(question: string): number {
  const m = /\b(top|first|leading|the)?\s*(two|three|four|five|six|seven|eight|ten|\d+)\b/i.exec(question);
  if (!m) return 3;
  const w = m[2].toLowerCase();
  const k = NUMBER_WORDS[w] ?? Number(w);
  return k >= 2 && k <= 20 ? k : 3;
}
