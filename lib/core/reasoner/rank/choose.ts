import { parseContext } from "./cues";
import { tokenize } from "./features";
import { rankPrograms, type ParseContext } from "./rank";
import { parseQuestionLocally } from "../question/parse";
import type { EventSink } from "../../trace/sink";
import type { RetrievalPorts, SqlResult } from "../../retrieval/ports";
import { runTraced } from "../../retrieval/sql/run";
import { generateCandidates, type ProgramCandidate } from "../programs/candidates";
import type { AnswerInput } from "../answer/input";
import { planAnswer } from "../programs/planner";
import { planToJson, type ProgramJson } from "../programs/program-json";
import { sameProgram } from "./learned";
import { type Alternative, alternativesOf } from "./alternatives";
import { learnedPreference } from "./learned-preference";

export type ChosenProgram = {
  candidate: ProgramCandidate;
  result: SqlResult | null;
  /** Other readings worth offering: executed, different in result from the chosen one, best first. */
  alternatives?: Alternative[];
  /** The confirmed earlier answer this program was learned from. */
  learnedFrom?: { question: string; similarity: number };
};

/** Over this many rows only one candidate runs, the rule plan (rankPrograms keeps it): answers stay fast. */
const BIG_TABLE_ROWS = 200_000;

/**
 * The learned answer: candidate programs from the grammar, ranked by the trained ranker; the
 * top few run through the guarded runner, the best by its full score wins. Emits the ranking
 * as a `program-candidates` event. Returns null when the rule plan should answer instead
 * (ranker "rules", no trained ranker, no candidate).
 */
export async function chooseProgram(
  input: AnswerInput,
  ports: RetrievalPorts,
  sink: EventSink,
  mode: "learned" | "rules",
  avoid: readonly ProgramJson[] = [],
): Promise<ChosenProgram | null> {
  const programs = ports.programs;
  if (!programs) return null;
  const candidates = generateCandidates(input, planAnswer(input));
  if (programs.collect) await programs.collect(input.question, candidates, input);
  const ranker = programs.ranker;
  if (mode === "rules" || !ranker || !candidates.length) return null;
  const big = input.tables.some((t) => t.rowCount > BIG_TABLE_ROWS);
  const results = new Map<ProgramCandidate, SqlResult>();
  const unexecuted: ProgramCandidate[] = [];
  const ranked = await rankPrograms(
    input.question,
    candidates,
    ranker,
    async (c, i) => {
      const result = await runTraced(ports, sink, c.sql, `candidate program ${i + 1}`, input.maxRows);
      if (!result) return null;
      results.set(c, result);
      return { rows: result.rows, columns: result.columns };
    },
    big ? 1 : ranker.execute,
    questionParse(input.question),
    unexecuted,
  );
  sink.emit({
    type: "program-candidates",
    ranker: "learned",
    generated: candidates.length,
    executed: ranked.length,
    candidates: ranked.slice(0, 5).map((r) => ({
      sql: r.candidate.sql,
      operation: r.candidate.operation,
      score: r.score,
      probability: Math.round(r.probability * 1e4) / 1e4,
      reading: (r.candidate.shown ?? r.candidate.reading).slice(0, 1000),
    })),
  });
  const runAlternative = async (c: ProgramCandidate, n: number) => {
    const result = await runTraced(ports, sink, c.sql, `alternative reading ${n + 1}`, input.maxRows);
    return result ? { rows: result.rows, columns: result.columns } : null;
  };
  // A program the user rejected on a question like this one is passed over while another ran.
  const rejected = (c: ProgramCandidate) => avoid.some((a) => sameProgram(a, planToJson(c.plan)));
  const everyCandidate = [...ranked.map((r) => r.candidate), ...unexecuted];
  const learned = await preferLearned(input, ports, sink, everyCandidate, results, ranked[0]?.candidate);
  if (learned && !rejected(learned.candidate))
    return {
      ...learned,
      alternatives: await alternativesOf(ranked, learned.candidate, unexecuted, big ? null : runAlternative),
    };
  const best = ranked.find((r) => r.run && !rejected(r.candidate)) ?? ranked.find((r) => r.run) ?? ranked[0];
  return {
    candidate: best.candidate,
    result: results.get(best.candidate) ?? null,
    alternatives: await alternativesOf(ranked, best.candidate, unexecuted, big ? null : runAlternative),
  };
}

/**
 * The candidate a confirmed answer to a close question vouches for (learned-preference.ts), run if
 * the ranker had not run it; null when there is none, or it fails or finds no rows.
 */
async function preferLearned(
  input: AnswerInput,
  ports: RetrievalPorts,
  sink: EventSink,
  candidates: ProgramCandidate[],
  results: Map<ProgramCandidate, SqlResult>,
  rankersChoice: ProgramCandidate | undefined,
): Promise<ChosenProgram | null> {
  const conditions = rankersChoice?.plan.where.length ?? 0;
  const preferred = learnedPreference(input.question, candidates, ports.learned, conditions);
  if (!preferred) return null;
  const { candidate, from } = preferred;
  const result =
    results.get(candidate) ?? (await runTraced(ports, sink, candidate.sql, "answer (learned program)", input.maxRows));
  if (!result?.rows.length) return null;
  sink.emit({
    type: "program-reuse",
    source: "learned",
    reading: (candidate.shown ?? candidate.reading).slice(0, 1000),
    question: from.question.slice(0, 2000),
    similarity: from.similarity,
  });
  return { candidate, result, learnedFrom: from };
}

/**
 * The local parser's reading of the question as ranker cues. Always the local parse of the
 * question text, as in training, whichever reasoner parsed the run.
 */
export function questionParse(question: string): ParseContext {
  return parseContext(parseQuestionLocally(question), tokenize);
}
