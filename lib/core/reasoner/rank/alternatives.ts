import type { ProgramRun, RankedProgram } from "./rank";
import type { ProgramCandidate } from "../programs/candidates";
import { planToJson, type ProgramJson } from "../programs/program-json";
import type { QueryPlan } from "../programs/plan";

/** A next best reading offered to re-answer with; `probability` only when the ranker scored it with its result. */
export type Alternative = { reading: string; sql: string; probability?: number; program: ProgramJson };

const MAX_ALTERNATIVES = 3;
/** Fewer executed readings than this differ from the answer: a few more of the ranked ones run to offer a choice. */
const MIN_ALTERNATIVES = 2;
/** At most this many candidates run beyond the ranker's own budget, only to find alternatives. */
const EXTRA_RUNS = 6;

/**
 * A reading that says nothing a user could have meant, whatever the data: the groups of a column
 * that names one row each (every group has one row, so "the X with the fewest rows" is any X), or
 * the number of different values of a column the reading fixes to one value (always 1).
 */
export function saysNothing(plan: QueryPlan): boolean {
  const perRow = plan.groupBy.some((g) => g.isPrimaryKey || g.role === "identifier" || g.uniqueness >= 0.99);
  if (perRow) return true;
  return plan.select.some(
    (s) =>
      s.fn === "count" &&
      s.distinct &&
      s.column &&
      plan.where.some(
        (w) =>
          w.table === s.column?.table &&
          w.column === s.column.column &&
          (w.predicate.op === "=" || w.predicate.op === "in") &&
          w.predicate.values.length === 1,
      ),
  );
}

type Run = (candidate: ProgramCandidate, n: number) => Promise<ProgramRun>;

/**
 * The next best readings whose results differ from the chosen one's (a reading that says the same
 * is no choice), best first: the executed ones with their probabilities, then, while fewer than two
 * differ, the next candidates of the ranker's static order, run here (`run`, up to EXTRA_RUNS).
 */
export async function alternativesOf(
  ranked: RankedProgram<ProgramCandidate>[],
  chosen: ProgramCandidate,
  unexecuted: readonly ProgramCandidate[],
  run: Run | null,
  /** The chosen program's result when it was run apart from `ranked` (a reading the user picked). */
  chosenRun?: ProgramRun,
): Promise<Alternative[]> {
  const key = (r: ProgramRun) => JSON.stringify(r?.rows.slice(0, 20) ?? null);
  const seen = new Set(ranked.filter((r) => r.candidate === chosen).map((r) => key(r.run)));
  if (chosenRun) seen.add(key(chosenRun));
  const out: Alternative[] = [];
  const offer = (c: ProgramCandidate, result: ProgramRun, probability?: number): void => {
    if (c === chosen || !result?.rows.length || seen.has(key(result)) || saysNothing(c.plan)) return;
    seen.add(key(result));
    out.push({
      reading: (c.shown ?? c.reading).slice(0, 1000),
      sql: c.sql,
      ...(probability === undefined ? {} : { probability: Math.round(probability * 1e4) / 1e4 }),
      program: planToJson(c.plan),
    });
  };
  for (const r of ranked) {
    if (out.length >= MAX_ALTERNATIVES) return out;
    offer(r.candidate, r.run, r.probability);
  }
  if (!run || out.length >= MIN_ALTERNATIVES) return out;
  let runs = 0;
  for (const c of unexecuted) {
    if (out.length >= MAX_ALTERNATIVES || runs >= EXTRA_RUNS) break;
    if (saysNothing(c.plan)) continue;
    offer(c, await run(c, runs++));
  }
  return out;
}
