import type { RetrievalPorts, SqlResult } from "../../retrieval/ports";
import { runTraced } from "../../retrieval/sql/run";
import type { EventSink } from "../../trace/sink";
import type { AnswerInput } from "../answer/input";
import { generateCandidates, type ProgramCandidate } from "../programs/candidates";
import { planAnswer } from "../programs/planner";
import { planToJson } from "../programs/program-json";
import { type Alternative, alternativesOf } from "./alternatives";
import { questionParse } from "./choose";
import { sameProgram } from "./learned";
import { rankPrograms } from "./rank";

/**
 * The readings offered beside a reading the user picked: the ranker's other readings of the
 * question, ranked and run as for a first answer (the reading first chosen among them), whose
 * results differ from the picked one's. So after a pick the other choices stay on offer, and a
 * second pick can go back. Empty without a trained ranker.
 */
export async function alternativesBesidePicked(
  input: AnswerInput,
  ports: RetrievalPorts,
  sink: EventSink,
  picked: ProgramCandidate,
  pickedResult: SqlResult,
): Promise<Alternative[]> {
  const ranker = ports.programs?.ranker;
  if (!ranker) return [];
  const json = planToJson(picked.plan);
  const candidates = generateCandidates(input, planAnswer(input)).filter((c) => !sameProgram(json, planToJson(c.plan)));
  if (!candidates.length) return [];
  const unexecuted: ProgramCandidate[] = [];
  const run = async (c: ProgramCandidate, i: number) => {
    const result = await runTraced(ports, sink, c.sql, `alternative reading ${i + 1}`, input.maxRows);
    return result ? { rows: result.rows, columns: result.columns } : null;
  };
  const ranked = await rankPrograms(
    input.question,
    candidates,
    ranker,
    run,
    ranker.execute,
    questionParse(input.question),
    unexecuted,
  );
  const pickedRun = { rows: pickedResult.rows, columns: pickedResult.columns };
  return alternativesOf(ranked, picked, unexecuted, run, pickedRun);
}
