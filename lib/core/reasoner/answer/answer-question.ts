import { renderForDialect } from "../../retrieval/sql/dialect";
import { runStep } from "../run-step";
import type { Step } from "../step";
import { TRACE_LIMITS, type CellValue } from "../../trace/atoms";
import type { Answer, EvidenceCell } from "../../trace/kinds-run";
import type { EventSink } from "../../trace/sink";
import { answerStep } from "./step";
import { applyProgramPolicy, type ProgramPolicy } from "./policy";
import type { RetrievalPorts, SqlResult } from "../../retrieval/ports";
import { runTraced } from "../../retrieval/sql/run";
import { chooseProgram } from "../rank/choose";
import { planToJson, type ProgramJson } from "../programs/program-json";
import { rejectedPrograms, reusedProgram } from "../rank/reuse";
import { planCandidate } from "../programs/candidates";
import type { ChosenProgram } from "../rank/choose";
import { formatAnswer, resultTable } from "../render/format";
import type { AnswerInput, AnswerOutput } from "./input";

export type AnswerResult = { answer: Answer; result: SqlResult | null; tokens: { input: number; output: number } };

/** Evidence cells from the evidence query: its leading row ids, then the columns' values. */
function evidenceCells(
  rows: CellValue[][],
  tables: string[],
  columns: { table: string; column: string }[],
): EvidenceCell[] {
  const out: EvidenceCell[] = [];
  for (const row of rows) {
    columns.forEach((c, i) => {
      const t = tables.indexOf(c.table);
      const rowId = t >= 0 ? row[t] : null;
      if (typeof rowId === "number" && out.length < TRACE_LIMITS.evidence)
        out.push({ table: c.table, column: c.column, rowId, value: row[tables.length + i] ?? null });
    });
  }
  return out;
}

/** The model's own evidence, kept only where it names a retrieved cell (its value read from there). */
function modelEvidence(input: AnswerInput, output: AnswerOutput): EvidenceCell[] {
  const out: EvidenceCell[] = [];
  for (const e of output.evidence) {
    const t = input.subTables.find((s) => s.table === e.table);
    const ci = t?.columns.indexOf(e.column) ?? -1;
    const row = t?.rows.find((r) => r.rowId === e.rowId);
    if (t && ci >= 0 && row && out.length < TRACE_LIMITS.evidence)
      out.push({ table: e.table, column: e.column, rowId: e.rowId, value: row.values[ci] ?? null });
  }
  return out;
}

/**
 * Runs the answer step and turns its output into the run's answer: the SQL (local, or proposed
 * by the model) through the guarded runner, the evidence query for the cells, or else the
 * model's own answer read off the sub-tables. `answer` lets another method (SGAM) bring its own
 * answer step with the same output.
 */
export async function answerQuestion<I extends AnswerInput>(
  input: I,
  ports: RetrievalPorts,
  sink: EventSink,
  answer: Step<I, AnswerOutput> = answerStep as unknown as Step<I, AnswerOutput>,
  ranker: "learned" | "rules" = "learned",
  policy?: ProgramPolicy,
  picked?: ProgramJson,
): Promise<AnswerResult> {
  const step = await runStep(answer, input, { reasoner: ports.reasoner, llm: ports.llm, sink, signal: ports.signal });
  let out = step.output;
  const tokens = { input: step.usage.inputTokens ?? 0, output: step.usage.outputTokens ?? 0 };
  // The local answer: a program the user picked or confirmed on a similar question, else the trained
  // ranker's choice among candidate programs (already run), never one the user rejected here.
  const reused = step.reasoner === "local" ? await runReused(input, ports, sink, picked) : null;
  let chosen =
    reused ??
    (step.reasoner === "local"
      ? await chooseProgram(input, ports, sink, ranker, rejectedPrograms(input.question, ports.learned))
      : null);
  if (chosen)
    out = {
      ...out,
      sql: chosen.candidate.sql,
      operation: chosen.candidate.operation,
      evidenceQuery: chosen.candidate.evidenceQuery,
      reasoning: `${out.reasoning} ${chosenBy(chosen, reused !== null)}`,
    };
  // A constrained run (pinned / excluded columns, conditions) replaces a program that breaks a constraint.
  let local = step.reasoner === "local";
  if (policy) {
    const applied = await applyProgramPolicy(input, policy, { out, chosen }, ports, sink);
    if (applied.replaced) [out, chosen, local] = [applied.out, applied.chosen, true];
  }
  const result = chosen
    ? chosen.result
    : out.sql
      ? await runTraced(ports, sink, out.sql, "answer", input.maxRows)
      : null;
  if (result) {
    const { text, values } = formatAnswer(result, out.operation);
    let evidence: EvidenceCell[] = [];
    const eq = out.evidenceQuery;
    if (eq && local) {
      const ev = await runTraced(ports, sink, eq.sql, "answer evidence", 200);
      if (ev) evidence = evidenceCells(ev.rows, eq.rowIdTables, eq.columns);
    } else evidence = modelEvidence(input, out);
    return {
      answer: {
        text,
        values,
        ...(out.operation === "yes-no" ? {} : { result: resultTable(result) }),
        sql: out.sql!,
        ...engineSql(out.sql!, ports),
        evidence,
        operation: out.operation,
        explanation: out.reasoning.slice(0, 2000),
        ...(chosen && local
          ? {
              reading: (chosen.candidate.shown ?? chosen.candidate.reading).slice(0, 1000),
              program: planToJson(chosen.candidate.plan),
            }
          : {}),
        ...(chosen?.alternatives?.length && local ? { alternatives: chosen.alternatives } : {}),
        ...(chosen?.learnedFrom && local ? { learnedFrom: chosen.learnedFrom } : {}),
      },
      result,
      tokens,
    };
  }
  if (out.answer !== null) {
    if (out.sql)
      sink.emit({
        type: "warning",
        code: "answer_sql_failed",
        message: "The model's SQL could not run; its answer from the sub-tables is used instead.",
      });
    return {
      answer: {
        text: out.answer,
        values: out.values.slice(0, TRACE_LIMITS.values),
        evidence: modelEvidence(input, out),
        operation: out.operation,
        explanation: out.reasoning.slice(0, 2000),
      },
      result: null,
      tokens,
    };
  }
  sink.emit({ type: "warning", code: "no_answer", message: "No answer could be computed from the retrieved cells." });
  return {
    answer: {
      text: "I could not compute an answer from the retrieved cells.",
      values: [],
      evidence: [],
      operation: out.operation,
      ...(out.sql ? { sql: out.sql, ...engineSql(out.sql, ports) } : {}),
    },
    result: null,
    tokens,
  };
}

/** The statement as the engine runs it, when its dialect is not the one the methods build in. */
function engineSql(sql: string, ports: RetrievalPorts): { engineSql?: string } {
  const rendered = renderForDialect(sql, ports.dialect);
  return rendered === sql ? {} : { engineSql: rendered };
}

/** Who chose the program, in the answer's explanation: the ranker, the user's pick or a confirmed answer. */
function chosenBy(chosen: ChosenProgram, reused: boolean): string {
  if (!reused) return `The trained ranker chose a "${chosen.candidate.operation}" program.`;
  return chosen.learnedFrom
    ? `The program of your confirmed answer to «${chosen.learnedFrom.question.slice(0, 200)}» was reused.`
    : "The program of the reading you picked was used.";
}

/**
 * Runs the program given for this question (picked, or learned from a confirmed similar one) and
 * reports it; null when there is none, or it fails or finds no rows (the ranker answers instead).
 */
async function runReused(
  input: AnswerInput,
  ports: RetrievalPorts,
  sink: EventSink,
  picked: ProgramJson | undefined,
): Promise<ChosenProgram | null> {
  const reuse = reusedProgram(input, picked, ports.learned);
  if (!reuse) return null;
  const candidate = planCandidate(reuse.plan, input, [`reused:${reuse.source}`], input.parsed.intent);
  const result = await runTraced(ports, sink, candidate.sql, `answer (${reuse.source} program)`, input.maxRows);
  if (!result || (!result.rows.length && reuse.source === "learned")) return null;
  sink.emit({
    type: "program-reuse",
    source: reuse.source,
    reading: (candidate.shown ?? candidate.reading).slice(0, 1000),
    ...(reuse.from ? { question: reuse.from.question.slice(0, 2000), similarity: reuse.from.similarity } : {}),
  });
  return { candidate, result, ...(reuse.from ? { learnedFrom: reuse.from } : {}) };
}
