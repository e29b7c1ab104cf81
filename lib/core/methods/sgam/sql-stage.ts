import { parseColumnKey, refKey } from "../../model/column-ref";
import type { ColumnRef } from "../../model/index-types";
import { runStep } from "../../reasoner/run-step";
import { TRACE_LIMITS } from "../../trace/atoms";
import type { Answer } from "../../trace/kinds-run";
import type { EventSink } from "../../trace/sink";
import { answerQuestion } from "../../reasoner/answer/answer-question";
import { type Steering, steerConditions, steerProgram } from "../../retrieval/constraints/steer";
import { mapCells, markNegated } from "../../retrieval/cell-mapping";
import type { RetrievalPorts, SqlResult } from "../../retrieval/ports";
import { rangeParsingStep } from "../../reasoner/question/ranges/step";
import type { TokenTally } from "../../retrieval/run-glue";
import { answerInput, rangeInput } from "../../reasoner/schema/step-inputs";
import { type CellHint, DEFAULT_MAX_SUB_TABLE_ROWS, type ParsedQuestion } from "../../retrieval/types";
import type { AttributeMatch, Segment } from "./attribute-retrieval";
import type { Decomposition } from "./decomposition";
import { pathText } from "./events";
import type { SgamParams } from "./params";
import { joinFromPaths, type PathSearch } from "./path-search";
import type { MergedPath } from "./prune-merge";
import { sqlStep } from "./sql";

/** What the earlier SGAM stages hand to the last one. */
export type SqlStageInput = {
  question: string;
  parsed: ParsedQuestion;
  hints: CellHint[];
  decomposition: Decomposition;
  segments: Segment[];
  attributes: AttributeMatch[];
  search: PathSearch;
  merged: MergedPath[];
  params: SgamParams;
  addTokens: TokenTally["add"];
  /** A re-run's constraints: conditions join the WHERE, and the SQL must honour every one. */
  steering?: Steering | null;
};

/** The SQL stage's answer, with the columns and tables it was built from. */
export type SqlStageResult = {
  answer: Answer;
  result: SqlResult | null;
  tokens: { input: number; output: number };
  columns: ColumnRef[];
  tables: string[];
};

/**
 * SGAM's last stage: the join the searched paths give, the column ranges and cells of the retrieved
 * attributes on it, then SQL written from the paths and run through the guarded runner.
 */
export async function sqlFromPaths(stage: SqlStageInput, ports: RetrievalPorts, s: EventSink): Promise<SqlStageResult> {
  const { question, parsed, hints, decomposition, segments, attributes, search, merged, params, addTokens } = stage;
  const common = { reasoner: ports.reasoner, llm: ports.llm, signal: ports.signal };
  const tableOf = (id: string) => parseColumnKey(id).table;
  const join = search.anchor ? joinFromPaths(search.paths, search.anchor, tableOf) : { tables: [], edges: [], cost: 0 };
  if (join.edges.length) {
    s.emit({
      type: "join-path",
      fromTable: join.tables[0],
      toTable: join.tables[join.tables.length - 1],
      tables: join.tables,
      edges: join.edges.slice(0, TRACE_LIMITS.edges).map((e) => ({
        id: e.id,
        source: e.source,
        target: e.target,
        kind: e.kind,
        origin: e.origin,
        weight: e.weight,
      })),
    });
  }
  const onPaths = [...new Set(search.paths.flatMap((p) => p.nodes))]
    .map(parseColumnKey)
    .filter((c) => join.tables.includes(c.table));
  const retrieved = attributes.filter((m) => join.tables.includes(m.table));
  const frequency = new Map<string, number>();
  for (const m of retrieved) {
    const weight = segments[m.segment]?.role === "main" ? m.score : m.score / 2;
    frequency.set(refKey(m), Math.max(frequency.get(refKey(m)) ?? 0, weight));
  }
  const columns = [
    ...new Map(
      [...retrieved.map((m) => ({ table: m.table, column: m.column })), ...onPaths].map((c) => [refKey(c), c]),
    ).values(),
  ];
  const stageParams = {
    topN: params.topN,
    cellThreshold: params.cellThreshold,
    maxAnswerRows: params.maxAnswerRows,
    maxSubTableRows: DEFAULT_MAX_SUB_TABLE_ROWS,
  };
  const ranges = await runStep(
    rangeParsingStep,
    rangeInput(
      question,
      parsed,
      hints,
      retrieved.map((m) => ({ table: m.table, column: m.column })),
      ports,
    ),
    { ...common, sink: s },
  );
  addTokens(ranges.usage);
  // "shared by at least two teachers" counts rows (the planner's HAVING); its number is no column's value.
  const having = parsed.having;
  ranges.output.ranges = ranges.output.ranges.map((r) =>
    having && r.role === "constrained" && r.predicate?.values.length === 1 && r.predicate.values[0] === having.value
      ? { ...r, role: "dependent" as const, predicate: undefined }
      : r,
  );
  for (const r of ranges.output.ranges)
    s.emit({
      type: "column-range",
      reasoner: ranges.reasoner,
      table: r.table,
      column: r.column,
      role: r.role,
      ...(r.predicate ? { predicate: r.predicate } : {}),
    });
  const mapped = markNegated(await mapCells(ranges.output.ranges, stageParams, ports, s), parsed.negation);
  if (!join.tables.length)
    return {
      answer: { text: "No column of this dataset matches the question.", values: [], evidence: [] },
      result: null,
      tokens: { input: 0, output: 0 },
      columns,
      tables: [],
    };
  const base = await answerInput(
    question,
    parsed,
    { columns, tables: join.tables, join, added: [] },
    frequency,
    mapped,
    [],
    stageParams,
    ports,
    s,
  );
  const input = {
    ...base,
    paths: merged.length ? search.paths.map((p) => pathText(p.nodes)) : [],
    conditions: decomposition.conditions,
    main: decomposition.main,
  };
  const steered = stage.steering ? steerConditions(stage.steering, input, s) : input;
  const policy = stage.steering ? steerProgram(stage.steering, s) : undefined;
  const r = await answerQuestion({
    step: sqlStep,
    input: steered,
    ports,
    sink: s,
    ranker: params.ranker,
    policy,
    picked: params.program,
  });
  return { ...r, columns, tables: join.tables };
}
