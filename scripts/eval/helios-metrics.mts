// HELIOS retrieval metrics (paper §5): Answer Recall AR@k — the answer string occurs in the
// linearised top-k edges — and nDCG@50 with an edge relevant when its text contains the answer.
import { normalizeText, words } from "../../lib/core/text/normalize.ts";

export const AR_KS = [2, 5, 10, 20, 50] as const;

/** Whether the answer's words occur in a text as a run, on word boundaries ("Tainan." holds "tainan"). */
export function containsAnswer(text: string, answer: string): boolean {
  const a = words(answer).join(" ");
  return a.length > 0 && ` ${words(text).join(" ")} `.includes(` ${a} `);
}

/** 1/0 relevance of each ranked edge text. */
export function relevances(texts: string[], answer: string): number[] {
  return texts.map((t) => (containsAnswer(t, answer) ? 1 : 0));
}

/** AR@k for each k: 1 when any of the first k edges holds the answer. */
export function answerRecall(rel: number[]): Record<string, number> {
  return Object.fromEntries(AR_KS.map((k) => [String(k), rel.slice(0, k).some((r) => r > 0) ? 1 : 0]));
}

/** nDCG@k; `totalRelevant` is how many edges of the whole graph hold the answer (the ideal list). */
export function ndcgAt(rel: number[], totalRelevant: number, k = 50): number {
  let dcg = 0;
  rel.slice(0, k).forEach((r, i) => (dcg += r / Math.log2(i + 2)));
  let ideal = 0;
  for (let i = 0; i < Math.min(k, totalRelevant); i++) ideal += 1 / Math.log2(i + 2);
  return ideal ? dcg / ideal : 0;
}

/** SQuAD-style exact match: case, punctuation and articles ignored. */
export function exactMatch(prediction: string, gold: string): boolean {
  const norm = (s: string) =>
    normalizeText(s)
      .replace(/[.'/-]/g, " ")
      .replace(/\b(a|an|the)\b/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  return norm(prediction) !== "" && norm(prediction) === norm(gold);
}
