import type { ColumnRef } from "../../model/index-types";
import { runStep } from "../../reasoner/run-step";
import { portsInViewScope } from "../../reasoner/schema/views";
import type { Answer } from "../../trace/kinds-run";
import { runStage, type EventSink } from "../../trace/sink";
import { answerQuestion } from "../../reasoner/answer/answer-question";
import { answerStep } from "./answer";
import { mapCells, markNegated } from "../../retrieval/cell-mapping";
import { mergeCells, type SubTable } from "./cell-merging";
import { parseFgtrParams, type FgtrParamsInput } from "./params";
import type { RetrievalPorts, SqlResult } from "../../retrieval/ports";
import { questionParsingStep } from "../../reasoner/question/step";
import { rangeParsingStep } from "../../reasoner/question/ranges/step";
import { entryColumns, fillSchema } from "./schema-filling";
import { answerInput, mentionedTables, rangeInput } from "../../reasoner/schema/step-inputs";
import type { ColumnRange, ParsedQuestion } from "../../retrieval/types";
import { prepareQuestion, questionParseEvent, tokenTally } from "../../retrieval/run-glue";
import { findValueHints } from "../../reasoner/question/value-hints";
import { givenProgramColumns, linkedColumns } from "../../reasoner/schema/linked-columns";
import { voteSchema } from "./voting";
import type { RunConstraints } from "../../retrieval/constraints/types";
import {
  reportExcludedEdges,
  steerColumns,
  steerConditions,
  steeringFor,
  steerProgram,
} from "../../retrieval/constraints/steer";
import { nullSink } from "../../trace/recorder";

/** What a run of FGTR found, beyond the answer: the retrieval itself, for the UI and the eval. */
export type FgtrResult = {
  answer: Answer;
  parsed: ParsedQuestion | null;
  /** Columns kept by the θ·K vote, and after schema filling. */
  selected: ColumnRef[];
  filled: ColumnRef[];
  tables: string[];
  ranges: ColumnRange[];
  subTables: SubTable[];
  /** Rows of the answer's SQL (null when it did not run). */
  result: SqlResult | null;
  tokens: { input: number; output: number };
};

function emptyResult(text: string): FgtrResult {
  return {
    answer: { text, values: [], evidence: [] },
    parsed: null,
    selected: [],
    filled: [],
    tables: [],
    ranges: [],
    subTables: [],
    result: null,
    tokens: { input: 0, output: 0 },
  };
}

/**
 * FGTR (Sun et al., §4): hierarchical retrieval of the sub-tables a question needs, then the
 * answer. Stages: question parsing → schema mapping (K votes, θ) → schema filling → range
 * parsing → cell mapping → cell merging → answer. Every stage emits its trace events into
 * `sink`; the run's spine (not this function) emits the final `answer` event from the returned
 * answer. Each LLM-able step runs with `ports.reasoner` and falls back to local on failure.
 * `constraints` (a re-run's pins and exclusions) steer the vote's result, the join, the cells and
 * the answer's SQL; each step reports what they changed in a `constraint` event.
 */
export async function runFgtr(
  rawQuestion: string,
  rawParams: FgtrParamsInput | undefined,
  ports: RetrievalPorts,
  sink: EventSink,
  constraints?: RunConstraints,
): Promise<FgtrResult> {
  const params = parseFgtrParams(rawParams);
  const question = prepareQuestion(rawQuestion, sink);
  if (question === null) return emptyResult("Please type a question about the tables.");
  // Views the question does not name are not read; a named one is never joined to its base tables.
  ports = portsInViewScope(question, ports, sink);
  const steering = steeringFor(constraints, ports);
  const fullPorts = ports;
  const { tokens, add: addTokens, addTotals } = tokenTally();
  const common = { reasoner: ports.reasoner, llm: ports.llm, signal: ports.signal };

  const { parsed, hints } = await runStage(
    sink,
    "question-parsing",
    async (s) => {
      const hints = await findValueHints(question, ports);
      const step = await runStep(questionParsingStep, { question, hints }, { ...common, sink: s });
      addTokens(step.usage);
      const p = step.output;
      s.emit(questionParseEvent(step.reasoner, p));
      return { parsed: p, hints };
    },
    "Question parsing",
  );

  const selection = await runStage(
    sink,
    "schema-mapping",
    async (s) => {
      const voted = await voteSchema(question, parsed, hints, params, fullPorts, s);
      // The vote ran on the whole schema, so the events can say what the constraints changed.
      return steering ? { ...voted, kept: steerColumns(steering, voted.kept, s, "The θ·K vote") } : voted;
    },
    `Schema mapping (K = ${params.k}, θ = ${params.theta})`,
  );
  if (steering) ports = steering.ports;
  addTotals(selection.tokens);

  const filled = await runStage(
    sink,
    "schema-filling",
    (s) => {
      const mentioned = mentionedTables(parsed, ports).filter((t) => !selection.kept.some((c) => c.table === t));
      const keys = mentioned.flatMap((t) => entryColumns(ports.graph, t));
      // A one-table dataset always answers from its table, even when no column was voted for.
      const only = ports.schema.tables.length === 1 ? ports.schema.tables[0].name : null;
      const columns = [...selection.kept, ...(selection.kept.length ? keys : [])];
      const linked = [
        ...linkedColumns(question, parsed, hints, ports, columns),
        ...givenProgramColumns(question, params.program, ports.learned),
      ];
      const options = { enabled: params.schemaFilling, fallbackTable: mentioned[0] ?? only, linked, question };
      if (steering?.c.excludeEdges.length)
        reportExcludedEdges(steering, fillSchema(columns, fullPorts, nullSink(), options).join, s);
      return fillSchema(columns, ports, s, options);
    },
    "Schema filling",
  );
  if (!filled.columns.length) {
    sink.emit({
      type: "warning",
      code: "no_columns",
      message:
        "No column of this dataset matches the question. Try naming a column or a value that appears in the tables.",
    });
  }

  const ranges = await runStage(
    sink,
    "range-parsing",
    async (s) => {
      const step = await runStep(rangeParsingStep, rangeInput(question, parsed, hints, filled.columns, ports), {
        ...common,
        sink: s,
      });
      addTokens(step.usage);
      for (const r of step.output.ranges)
        s.emit({
          type: "column-range",
          reasoner: step.reasoner,
          table: r.table,
          column: r.column,
          role: r.role,
          ...(r.predicate ? { predicate: r.predicate } : {}),
        });
      return step.output.ranges;
    },
    "Range parsing",
  );

  const mapped = markNegated(
    await runStage(sink, "cell-mapping", (s) => mapCells(ranges, params, ports, s), "Cell mapping"),
    parsed.negation,
  );
  const subTables = await runStage(
    sink,
    "cell-merging",
    (s) => mergeCells(filled.columns, filled.tables, filled.join, mapped, params, ports, s),
    "Cell merging",
  );

  const answered = await runStage(
    sink,
    "answer",
    async (s) => {
      const input = await answerInput(
        question,
        parsed,
        filled,
        selection.frequency,
        mapped,
        subTables,
        params,
        ports,
        s,
      );
      const steered = steering ? steerConditions(steering, input, s) : input;
      if (!steered.tables.length)
        return {
          answer: { text: "No table of this dataset matches the question.", values: [], evidence: [] },
          result: null,
          tokens: { input: 0, output: 0 },
        };
      const policy = steering ? steerProgram(steering, s) : undefined;
      return answerQuestion({
        step: answerStep,
        input: steered,
        ports,
        sink: s,
        ranker: params.ranker,
        policy,
        picked: params.program,
      });
    },
    "Answer",
  );
  addTotals(answered.tokens);

  return {
    answer: answered.answer,
    parsed,
    selected: selection.kept,
    filled: filled.columns,
    tables: filled.tables,
    ranges,
    subTables,
    result: answered.result,
    tokens,
  };
}
