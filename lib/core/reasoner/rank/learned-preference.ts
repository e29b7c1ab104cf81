import type { LearnedExample, ProgramJson } from "../../model/program";
import { PREFER_SIMILARITY, similarity } from "./learned";
import type { ProgramCandidate } from "../programs/candidates";
import { planToJson } from "../programs/program-json";
import { kindOf } from "./reuse";

export { PREFER_SIMILARITY };

type Condition = ProgramJson["where"][number];
const withoutValue = ({ values: _values, source: _source, ...rest }: Condition) => rest;

/** A program's computation without the values of its conditions: what a paraphrase with other values shares. */
export function programShapeKey(program: ProgramJson): string {
  return JSON.stringify({
    ...program,
    where: program.where.map(withoutValue),
    negation: program.negation ? { ...program.negation, where: program.negation.where.map(withoutValue) } : null,
  });
}

export type LearnedPreference = { candidate: ProgramCandidate; from: { question: string; similarity: number } };

/**
 * The candidate this question's confirmed neighbours vouch for: among the confirmed examples close
 * enough (PREFER_SIMILARITY) that ask for the same kind of answer, closest first, the first whose
 * program, values aside, is one of `candidates` (the ranker's order: best first). Null when none is.
 * A candidate with fewer conditions than `minConditions` (the ranker's own choice's) is passed over:
 * a confirmed "how many schools are directly funded?" must not drop the county of "how many schools
 * in Contra Costa county are directly funded?".
 */
export function learnedPreference(
  question: string,
  candidates: readonly ProgramCandidate[],
  learned: readonly LearnedExample[] | undefined,
  minConditions = 0,
): LearnedPreference | null {
  const near = (learned ?? [])
    .filter((e) => e.verdict === "confirmed")
    .map((e) => ({ e, s: similarity(question, e) }))
    .filter(({ s }) => s >= PREFER_SIMILARITY)
    .sort((a, b) => b.s - a.s);
  if (!near.length) return null;
  const kind = kindOf(question);
  const keys = candidates.map((c) => programShapeKey(planToJson(c.plan)));
  for (const { e, s } of near) {
    if (kindOf(e.question) !== kind) continue;
    const wanted = programShapeKey(e.program);
    const at = keys.findIndex((k, i) => k === wanted && candidates[i].plan.where.length >= minConditions);
    if (at >= 0)
      return { candidate: candidates[at], from: { question: e.question, similarity: Math.round(s * 1000) / 1000 } };
  }
  return null;
}
