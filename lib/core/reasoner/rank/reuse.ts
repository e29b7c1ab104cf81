import type { LearnedExample, ProgramJson } from "../../model/program";
import { nearestExample, REJECT_SIMILARITY, REUSE_SIMILARITY } from "./learned";
import { parseQuestionLocally } from "../question/parse";
import type { Intent } from "../../retrieval/types";
import type { AnswerInput, Constraint } from "../answer/input";
import type { QueryPlan } from "../programs/plan";
import { planFromJson } from "../programs/program-json";

/** A program given for this run: one the user picked, or a confirmed one of a similar earlier question. */
export type ReusedProgram = {
  plan: QueryPlan;
  source: "picked" | "learned";
  from?: { question: string; similarity: number };
};

const sameColumn = (a: Constraint, b: Constraint) => a.table === b.table && a.column === b.column;

/** Whether the question itself says a condition's value (or the words it came from). */
function said(c: Constraint, question: string): boolean {
  const q = question.toLowerCase();
  if (c.source && q.includes(c.source.toLowerCase().replace(/\s*\(.*\)$/, ""))) return true;
  return c.predicate.values.every(
    (v) =>
      v === null ||
      q.includes(
        String(v)
          .toLowerCase()
          .replace(/\uffff/g, ""),
      ),
  );
}

/**
 * A confirmed program read against this run: a condition whose value this question does not say
 * takes the value this question gives the same column; when it gives none, the program does not fit.
 */
export function adaptProgram(program: ProgramJson, input: AnswerInput): QueryPlan | null {
  const plan = planFromJson(program, input);
  if (!plan) return null;
  const adapt = (c: Constraint): Constraint | null => {
    if (said(c, input.question)) return c;
    const mine = input.constraints.find((k) => sameColumn(k, c));
    return mine
      ? { ...c, predicate: mine.predicate, source: mine.source, numeric: mine.numeric, cast: mine.cast }
      : null;
  };
  const where = plan.where.map(adapt);
  const negated = plan.negation?.constraints.map(adapt) ?? [];
  if (where.some((c) => !c) || negated.some((c) => !c)) return null;
  return {
    ...plan,
    where: where as Constraint[],
    negation: plan.negation ? { ...plan.negation, constraints: negated as Constraint[] } : null,
  };
}

/** Intents that ask for the same kind of answer: values shown, whether one or a list. */
const KIND: Partial<Record<Intent, string>> = { lookup: "values", list: "values" };
/** The kind of answer a question asks for (a count, an average, values …), as its local parse reads it. */
export const kindOf = (question: string) => {
  const intent = parseQuestionLocally(question).intent;
  return KIND[intent] ?? intent;
};

/**
 * The closest confirmed example whose question asks for the same kind of answer (a count, an
 * average, the row with the most …): words shared with a short earlier question are not enough
 * ("What is the average order value in 2003?" is close to "How many orders were placed in 2004?").
 */
function nearestOfSameKind(question: string, learned: readonly LearnedExample[]) {
  let rest = learned;
  let kind: string | null = null;
  for (;;) {
    const near = rest.length ? nearestExample(question, rest, "confirmed", REUSE_SIMILARITY) : null;
    if (!near) return null;
    kind ??= kindOf(question);
    if (kindOf(near.example.question) === kind) return near;
    rest = rest.filter((e) => e !== near.example);
  }
}

/** The program this run should answer with before any ranking: the user's pick, else a learned one. */
export function reusedProgram(
  input: AnswerInput,
  picked: ProgramJson | undefined,
  learned: readonly LearnedExample[] | undefined,
): ReusedProgram | null {
  if (picked) {
    const plan = planFromJson(picked, input);
    return plan ? { plan, source: "picked" } : null;
  }
  const near = nearestOfSameKind(input.question, learned ?? []);
  if (!near) return null;
  const plan = adaptProgram(near.example.program, input);
  return plan
    ? { plan, source: "learned", from: { question: near.example.question, similarity: near.similarity } }
    : null;
}

/** Programs the user rejected on questions close to this one: not to be given again. */
export function rejectedPrograms(question: string, learned: readonly LearnedExample[] | undefined): ProgramJson[] {
  return (learned ?? [])
    .filter((e) => e.verdict === "rejected" && nearestExample(question, [e], "rejected", REJECT_SIMILARITY))
    .map((e) => e.program);
}
