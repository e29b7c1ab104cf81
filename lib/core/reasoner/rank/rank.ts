import type { CellValue } from "../../trace/atoms";
import {
  denotationFeatures,
  mergeFeatures,
  questionCues,
  staticFeatures,
  tokenize,
  type Denotation,
  type FeatureVector,
  type ProgramShape,
} from "./features";
import { alignmentFeatures } from "./align";
import { rankOrder, scoreFeatures, softmax, type ProgramRanker } from "./ranker";

/** What a question parser read, for the features: cues (cues.ts) and target phrases' words. */
export type ParseContext = { cues: string[]; targets: string[][] };
const NO_PARSE: ParseContext = { cues: [], targets: [] };

/** What executing a candidate gave: its rows, or null when it failed. */
export type ProgramRun = { rows: CellValue[][]; columns: string[] } | null;

export type RankedProgram<C> = { candidate: C; score: number; probability: number; run: ProgramRun };

/**
 * Training hook: called with every candidate's static features (the trainer executes them and
 * labels them against the gold answer). Absent at inference.
 */
export type ProgramTrainingHook = (
  question: string,
  candidates: Array<{ sql: string; operation: string; shape: ProgramShape; reading: string }>,
) => Promise<void>;

/** The denotation summary of a run. */
export function denotationOf(run: ProgramRun): Denotation {
  if (!run) return { rows: 0, columns: 0, allNull: false, firstNumeric: false, error: true };
  const first = run.rows[0]?.[0];
  const allNull = run.rows.length > 0 && run.rows.every((r) => r.every((v) => v === null));
  return {
    rows: run.rows.length,
    columns: run.columns.length,
    allNull,
    firstNumeric: typeof first === "number",
    error: false,
  };
}

/** Static and full feature vectors of one candidate, as training and inference compute them. */
export function candidateFeatures(
  question: string,
  candidate: { shape: ProgramShape; reading: string },
  denotation: Denotation,
  parse: ParseContext = NO_PARSE,
): { static: FeatureVector; full: FeatureVector } {
  const cues = [...questionCues(question), ...parse.cues];
  const s = programFeatures(question, cues, candidate, parse);
  return { static: s, full: mergeFeatures(s, denotationFeatures(cues, candidate.shape, denotation)) };
}

/** The static features of one candidate: its shape crossed with the question's cues, and its reading's alignment. */
function programFeatures(
  question: string,
  cues: string[],
  candidate: { shape: ProgramShape; reading: string },
  parse: ParseContext,
): FeatureVector {
  return mergeFeatures(
    staticFeatures(cues, tokenize(question), candidate.shape, parse.targets),
    alignmentFeatures(question, candidate.reading, candidate.shape),
  );
}

/**
 * Ranks candidate programs: scores all of them with the static model, executes the best
 * `budget` (the ranker's own count, capped by the caller for big tables; the rule plan always
 * among them, its score raised by the ranker's margin), rescores those with
 * their denotations and returns them best first with softmax probabilities. `parse` (the
 * parser's cues and target phrases, see cues.ts) joins the question's words. `unexecuted`, when
 * given, receives the candidates not run, best static score first. Deterministic: ties keep
 * generation order.
 */
export async function rankPrograms<C extends { sql: string; shape: ProgramShape; reading: string }>(
  question: string,
  candidates: C[],
  ranker: ProgramRanker,
  execute: (candidate: C, rank: number) => Promise<ProgramRun>,
  budget = ranker.execute,
  parse: ParseContext = NO_PARSE,
  unexecuted?: C[],
): Promise<RankedProgram<C>[]> {
  const cues = [...questionCues(question), ...parse.cues];
  const statics = candidates.map((c) => programFeatures(question, cues, c, parse));
  const order = rankOrder(statics.map((f) => scoreFeatures(ranker.static, f)));
  const top = order.slice(0, Math.max(1, budget));
  // The rule plan always runs: the others must beat it by the learned margin.
  const rules = candidates.findIndex((c) => c.shape.fromRules);
  if (rules >= 0 && !top.includes(rules)) top[top.length - 1] = rules;
  if (unexecuted) unexecuted.push(...order.filter((i) => !top.includes(i)).map((i) => candidates[i]));
  const runs: ProgramRun[] = [];
  for (let i = 0; i < top.length; i++) runs.push(await execute(candidates[top[i]], i));
  const scores = top.map((ci, i) =>
    scoreFeatures(
      ranker.full,
      mergeFeatures(statics[ci], denotationFeatures(cues, candidates[ci].shape, denotationOf(runs[i]))),
    ),
  );
  const rulesAt = top.indexOf(rules);
  if (rulesAt >= 0) scores[rulesAt] += ranker.margin;
  const probs = softmax(scores);
  return rankOrder(scores).map((i) => ({
    candidate: candidates[top[i]],
    score: Math.round(scores[i] * 1000) / 1000,
    probability: probs[i],
    run: runs[i],
  }));
}
