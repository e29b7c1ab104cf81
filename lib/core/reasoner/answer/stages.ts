import type { EventSink } from "../../trace/sink";
import type { Step } from "../step";
import type { RetrievalPorts } from "../../retrieval/ports";
import { runTraced } from "../../retrieval/sql/run";
import { planCandidate } from "../programs/candidates";
import type { ProgramJson } from "../programs/program-json";
import { chooseProgram, type ChosenProgram } from "../rank/choose";
import { rejectedPrograms, reusedProgram } from "../rank/reuse";
import { alternativesBesidePicked } from "../rank/picked-alternatives";
import type { AnswerInput, AnswerOutput } from "./input";
import { applyProgramPolicy, type ProgramPolicy } from "./policy";

/** What the stages after the answer step read: its input, the ports and the run's choices. */
export type AnswerContext = {
  input: AnswerInput;
  ports: RetrievalPorts;
  sink: EventSink;
  /** "learned": the trained ranker chooses among candidate programs; "rules": the rule plan answers. */
  ranker?: "learned" | "rules";
  /** A constrained run's policy (pinned / excluded columns, conditions). */
  policy?: ProgramPolicy;
  /** The program of a reading the user picked for this question. */
  picked?: ProgramJson;
};

/** Everything answering one question needs, as one object: the context and the method's answer step. */
export type AnswerRequest<I extends AnswerInput = AnswerInput> = AnswerContext & {
  /** The method's answer step (FGTR's answer, SGAM's SQL): its local implementation is the reasoner's draft. */
  step: Step<I, AnswerOutput>;
  input: I;
};

/**
 * The answer as the stages pass it on: the step's output, the program chosen for it (already run),
 * and whether the local reasoner stands behind it (then its evidence query runs and its reading is shown).
 */
export type Draft = { out: AnswerOutput; chosen: ChosenProgram | null; local: boolean };

/** One named stage after the answer step: it keeps the draft or replaces its program. */
export type AnswerStage = {
  name: string;
  run(draft: Draft, context: AnswerContext): Promise<Draft>;
};

/** The draft with a chosen program's SQL, and who chose it in its explanation. */
function withProgram(draft: Draft, chosen: ChosenProgram, by: string): Draft {
  const out: AnswerOutput = {
    ...draft.out,
    sql: chosen.candidate.sql,
    operation: chosen.candidate.operation,
    evidenceQuery: chosen.candidate.evidenceQuery,
    reasoning: `${draft.out.reasoning} ${by}`,
  };
  return { ...draft, out, chosen };
}

/**
 * Reuse: the program the user picked for this question, or the one of their confirmed answer to a
 * similar question, run and reported. Only for a local draft; a reused program that fails, or a
 * learned one that finds no rows, leaves the draft to the ranker.
 */
const reuseConfirmedProgram: AnswerStage = {
  name: "reuse a picked or confirmed program",
  async run(draft, { input, ports, sink, picked }) {
    if (!draft.local || draft.chosen) return draft;
    const reuse = reusedProgram(input, picked, ports.learned);
    if (!reuse) return draft;
    const candidate = planCandidate(reuse.plan, input, [`reused:${reuse.source}`], input.parsed.intent);
    const result = await runTraced(ports, sink, candidate.sql, `answer (${reuse.source} program)`, input.maxRows);
    if (!result || (!result.rows.length && reuse.source === "learned")) return draft;
    sink.emit({
      type: "program-reuse",
      source: reuse.source,
      reading: (candidate.shown ?? candidate.reading).slice(0, 1000),
      ...(reuse.from ? { question: reuse.from.question.slice(0, 2000), similarity: reuse.from.similarity } : {}),
    });
    // After a pick the other readings stay on offer (the first answer's among them).
    const alternatives =
      reuse.source === "picked" ? await alternativesBesidePicked(input, ports, sink, candidate, result) : [];
    const chosen: ChosenProgram = {
      candidate,
      result,
      ...(reuse.from ? { learnedFrom: reuse.from } : {}),
      ...(alternatives.length ? { alternatives } : {}),
    };
    const by = reuse.from
      ? `The program of your confirmed answer to «${reuse.from.question.slice(0, 200)}» was reused.`
      : "The program of the reading you picked was used.";
    return withProgram(draft, chosen, by);
  },
};

/**
 * Rank: the trained ranker's choice among the candidate programs (already run), never one the user
 * rejected on a similar question. Only for a local draft no earlier stage gave a program.
 */
const rankCandidatePrograms: AnswerStage = {
  name: "rank candidate programs",
  async run(draft, { input, ports, sink, ranker = "learned" }) {
    if (!draft.local || draft.chosen) return draft;
    const avoid = rejectedPrograms(input.question, ports.learned);
    const chosen = await chooseProgram(input, ports, sink, ranker, avoid);
    if (!chosen) return draft;
    return withProgram(draft, chosen, `The trained ranker chose a "${chosen.candidate.operation}" program.`);
  },
};

/**
 * Policy: a constrained run replaces a program (local or the model's) that breaks a constraint with
 * one that honours them all, or with no answer when none does; the replacement is the local reasoner's.
 */
const enforceProgramPolicy: AnswerStage = {
  name: "enforce the run's constraints",
  async run(draft, { input, ports, sink, policy }) {
    if (!policy) return draft;
    const applied = await applyProgramPolicy(input, policy, draft, ports, sink);
    return applied.replaced ? { out: applied.out, chosen: applied.chosen, local: true } : draft;
  },
};

/** The stages after the answer step, in order: reuse a confirmed program → rank → enforce the policy. */
export const ANSWER_STAGES: readonly AnswerStage[] = [
  reuseConfirmedProgram,
  rankCandidatePrograms,
  enforceProgramPolicy,
];
