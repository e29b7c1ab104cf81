import { refKey } from "../../model/column-ref";
import type { ColumnRef } from "../../model/index-types";
import type { EventSink } from "../../trace/sink";
import { generateCandidates, planCandidate, type ProgramCandidate } from "../programs/candidates";
import type { AnswerInput, AnswerOutput } from "./input";
import { plain, type QueryPlan } from "../programs/plan";
import { planAnswer } from "../programs/planner";
import type { RetrievalPorts, SqlResult } from "../../retrieval/ports";
import { runTraced } from "../../retrieval/sql/run";
import type { Violation } from "../../retrieval/constraints/sql-use";

/**
 * How a constrained run keeps its answer program honest: `reject` says why a SQL statement breaks
 * a constraint (null when it honours them all); `include` lists the columns the SQL must read;
 * `onReplaced` reports the program the method would have run and the one it runs instead.
 */
export type ProgramPolicy = {
  reject: (sql: string) => Violation | null;
  include: ColumnRef[];
  onReplaced: (would: string | null, runs: string | null, why: Violation) => void;
};

export type PolicyOutcome = {
  out: AnswerOutput;
  chosen: { candidate: ProgramCandidate; result: SqlResult | null } | null;
};

/** The rule plan with the pinned columns added to its SELECT (and GROUP BY when it aggregates). */
function planWithPinned(input: AnswerInput, include: readonly ColumnRef[]): QueryPlan {
  const plan = planAnswer(input);
  const wanted = new Set(include.map(refKey));
  const columns = input.columns.filter((c) => wanted.has(refKey(c)));
  const missing = columns.filter((c) => !plan.select.some((s) => s.column && refKey(s.column) === refKey(c)));
  const aggregated = plan.select.some((s) => s.fn !== null);
  return {
    ...plan,
    select: [...missing.map(plain), ...plan.select],
    groupBy: aggregated ? [...plan.groupBy, ...missing] : plan.groupBy,
  };
}

/** The rule plan widened by the pinned columns, as a candidate (null when it still breaks a constraint). */
function widenedRulePlan(input: AnswerInput, policy: ProgramPolicy, rulesOperation: string): ProgramCandidate | null {
  const candidate = planCandidate(planWithPinned(input, policy.include), input, ["constrained"], rulesOperation);
  return policy.reject(candidate.sql) === null ? candidate : null;
}

/**
 * The program that honours the constraints and stays closest to what the method meant: a
 * grammar candidate with the same operation, else the rule plan with the pinned columns added
 * (grouped by them when it aggregates), else the first candidate that honours them.
 */
function honouringProgram(input: AnswerInput, policy: ProgramPolicy, operation: string): ProgramCandidate | null {
  const rules = planAnswer(input);
  const honest = generateCandidates(input, rules).filter((c) => policy.reject(c.sql) === null);
  return (
    honest.find((c) => c.operation === operation) ??
    widenedRulePlan(input, policy, rules.operation) ??
    honest[0] ??
    null
  );
}

/**
 * Applies a constrained run's policy to the answer step's choice: a program that breaks a
 * constraint (or no SQL when a column is pinned) is replaced by one that honours them, run
 * through the guarded runner; when none exists the run answers nothing rather than break one.
 */
export async function applyProgramPolicy(
  input: AnswerInput,
  policy: ProgramPolicy,
  current: PolicyOutcome,
  ports: RetrievalPorts,
  sink: EventSink,
): Promise<PolicyOutcome & { replaced: boolean }> {
  const sql = current.chosen?.candidate.sql ?? current.out.sql;
  const needsSql = policy.include.length > 0;
  const noSql: Violation | null = needsSql
    ? { kind: "include-column", target: refKey(policy.include[0]), reason: "it has no SQL to read the pinned columns" }
    : null;
  const why = sql ? policy.reject(sql) : noSql;
  if (why === null) return { ...current, replaced: false };
  const program = honouringProgram(input, policy, current.out.operation);
  policy.onReplaced(sql, program?.sql ?? null, why);
  if (!program) {
    sink.emit({
      type: "warning",
      code: "constraints_unsatisfiable",
      message: "No program over the retrieved tables honours every constraint; no answer is given.",
    });
    return { out: { ...current.out, sql: null, answer: null, evidenceQuery: null }, chosen: null, replaced: true };
  }
  const result = await runTraced(ports, sink, program.sql, "answer (honouring the constraints)", input.maxRows);
  const out: AnswerOutput = {
    ...current.out,
    sql: program.sql,
    operation: program.operation,
    evidenceQuery: program.evidenceQuery,
    answer: null,
    reasoning: `${current.out.reasoning} The constraints replaced the program: ${why.reason}.`,
  };
  return { out, chosen: { candidate: program, result }, replaced: true };
}
