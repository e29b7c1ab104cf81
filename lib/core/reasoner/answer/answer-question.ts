import { engineSqlOf } from "../../retrieval/sql/dialect";
import { runStep } from "../run-step";
import { TRACE_LIMITS, type CellValue } from "../../trace/atoms";
import type { Answer, EvidenceCell } from "../../trace/kinds-run";
import type { EventSink } from "../../trace/sink";
import type { RetrievalPorts, SqlResult } from "../../retrieval/ports";
import { runTraced } from "../../retrieval/sql/run";
import { planToJson } from "../programs/program-json";
import { formatAnswer, resultTable } from "../render/format";
import { resultRoles } from "../render/result-roles";
import type { AnswerInput, AnswerOutput } from "./input";
import { ANSWER_STAGES, type AnswerRequest, type Draft } from "./stages";

export type { AnswerRequest } from "./stages";

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
 * Answers one question: the method's answer step (local draft, or the model's answer), then the
 * named stages that may replace its program (ANSWER_STAGES: reuse a confirmed program → rank →
 * enforce the run's constraints), then the chosen SQL through the guarded runner with the evidence
 * query for the cells, or else the model's own answer read off the sub-tables.
 */
export async function answerQuestion<I extends AnswerInput>(request: AnswerRequest<I>): Promise<AnswerResult> {
  const { step, input, ports, sink } = request;
  const drafted = await runStep(step, input, { reasoner: ports.reasoner, llm: ports.llm, sink, signal: ports.signal });
  const tokens = { input: drafted.usage.inputTokens ?? 0, output: drafted.usage.outputTokens ?? 0 };
  let draft: Draft = { out: drafted.output, chosen: null, local: drafted.reasoner === "local" };
  for (const stage of ANSWER_STAGES) draft = await stage.run(draft, request);
  return { ...(await finishAnswer(draft, input, ports, sink)), tokens };
}

/** The answer of the final draft: its program's result (run here when no stage ran it), or the model's own. */
async function finishAnswer(
  { out, chosen, local }: Draft,
  input: AnswerInput,
  ports: RetrievalPorts,
  sink: EventSink,
): Promise<Omit<AnswerResult, "tokens">> {
  const result = chosen
    ? chosen.result
    : out.sql
      ? await runTraced(ports, sink, out.sql, "answer", input.maxRows)
      : null;
  if (result) {
    // Roles of the answer's columns from the columns it could use (the semantic model's roles).
    const roles = resultRoles(result.columns, input.columns);
    const { text, values } = formatAnswer(result, out.operation, roles);
    let evidence: EvidenceCell[] = [];
    const eq = out.evidenceQuery;
    if (eq && local) {
      const ev = await runTraced(ports, sink, eq.sql, "answer evidence", 200);
      if (ev) evidence = evidenceCells(ev.rows, eq.rowIdTables, eq.columns);
    } else evidence = modelEvidence(input, out);
    // A chosen program is always the local reasoner's (a stage chose it), so its reading is shown.
    return {
      answer: {
        text,
        values,
        ...(out.operation === "yes-no" ? {} : { result: resultTable(result, roles) }),
        sql: out.sql!,
        ...engineSql(out.sql!, ports),
        evidence,
        operation: out.operation,
        explanation: out.reasoning.slice(0, 2000),
        ...(chosen
          ? {
              reading: (chosen.candidate.shown ?? chosen.candidate.reading).slice(0, 1000),
              program: planToJson(chosen.candidate.plan),
            }
          : {}),
        ...(chosen?.alternatives?.length ? { alternatives: chosen.alternatives } : {}),
        ...(chosen?.learnedFrom ? { learnedFrom: chosen.learnedFrom } : {}),
      },
      result,
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
  };
}

/** The statement as the engine runs it, when its dialect is not the one the methods build in. */
function engineSql(sql: string, ports: RetrievalPorts): { engineSql?: string } {
  const rendered = engineSqlOf(sql, ports.dialect);
  return rendered === sql ? {} : { engineSql: rendered };
}
