import { z } from "zod";
import { normalizeText } from "../../text/normalize";
import { fitListwise, linear, softmax, type FeatureTable, type ListExample } from "./linear-model";
import type { ReaderCandidate } from "./reader-candidates";

/**
 * The learned reader's weights: a log-linear model over a question's candidates plus a "no
 * answer" candidate (its features are `null` and `null|wh=…`), trained on HybridQA by
 * scripts/train/trainers/helios-reader.mts. `threshold` is the probability below which the
 * reader abstains when asked to (HELIOS's `readerAbstains`).
 */
export const readerModelSchema = z.object({
  kind: z.literal("helios-reader"),
  version: z.literal(1),
  threshold: z.number().min(0).max(1),
  weights: z.record(z.string(), z.number()),
});
export type ReaderModel = z.infer<typeof readerModelSchema>;

/** A distinct answer string with the probability mass of every candidate that reads the same, and how many do. */
export type ScoredAnswer = { key: string; p: number; best: ReaderCandidate; places: number };

/** The "no answer" candidate's features for a question of this wh-class. */
export const nullFeatures = (wh: string): Record<string, number> => ({ null: 1, [`null|wh=${wh}`]: 1 });

/** Strings that answer alike: SQuAD normalisation (case, punctuation, articles). */
export const answerKey = (text: string) =>
  normalizeText(text)
    .replace(/[.'/-]/g, " ")
    .replace(/\b(a|an|the)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Scores a question's candidates: the softmax over them and the "no answer" candidate, with the
 * mass of candidates that read the same summed (an answer found in several places is surer).
 * Returns the answers best first and the probability that none of them is right.
 */
export function scoreCandidates(
  model: ReaderModel,
  wh: string,
  candidates: ReaderCandidate[],
): { answers: ScoredAnswer[]; none: number } {
  const scores = candidates.map((c) => linear(model.weights, c.features));
  const p = softmax([...scores, linear(model.weights, nullFeatures(wh))]);
  const byKey = new Map<string, { p: number; best: ReaderCandidate; bestScore: number; places: number }>();
  candidates.forEach((c, i) => {
    const key = answerKey(c.text);
    if (!key) return;
    const cur = byKey.get(key);
    if (!cur) byKey.set(key, { p: p[i], best: c, bestScore: scores[i], places: 1 });
    else {
      cur.p += p[i];
      cur.places += 1;
      if (scores[i] > cur.bestScore) [cur.best, cur.bestScore] = [c, scores[i]];
    }
  });
  const answers = [...byKey.entries()]
    .map(([key, v]) => ({ key, p: v.p, best: v.best, places: v.places }))
    .sort((a, b) => b.p - a.p || a.key.localeCompare(b.key));
  return { answers, none: p[p.length - 1] };
}

/** One training question: its candidates (and the "no answer" row last), which are right. */
export type ReaderExample = ListExample;

/**
 * Fits the reader: the log-probability of a question's right candidates (or of "no answer", its
 * last row, when none is right) under the softmax over them.
 */
export function fitReader(
  table: FeatureTable,
  examples: ReaderExample[],
  options: { seed: number; epochs?: number; rate?: number; l2?: number },
): Record<string, number> {
  return fitListwise(table, examples, options);
}
