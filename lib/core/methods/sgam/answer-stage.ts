import { parseColumnKey, refKey } from "../../model/column-ref";
import { runStep } from "../../reasoner/run-step";
import { TRACE_LIMITS } from "../../trace/atoms";
import type { EventSink } from "../../trace/sink";
import { answerQuestion, type AnswerResult } from "../../retrieval/answer/run";
import { mapCells, markNegated } from "../../retrieval/cell-mapping";
import { steerConditions, steerProgram, type Steering } from "../../retrieval/constraints/steer";
import type { RetrievalPorts } from "../../retrieval/ports";
import { rangeParsingStep } from "../../retrieval/range-parsing";
import { answerInput, rangeInput } from "../../retrieval/stages";
import { DEFAULT_MAX_SUB_TABLE_ROWS, type CellHint, type ParsedQuestion } from "../../retrieval/types";
import type { ColumnRef } from "../../model/index-types";
import type { AttributeMatch, Segment } from "./attribute-retrieval";
import type { Decomposition } from "./decomposition";
import { pathText } from "./events";
import type { SgamParams } from "./params";
import { joinFromPaths, type PathSearch } from "./path-search";
import type { MergedPath } from "./prune-merge";
import { sqlStep } from "./sql";

/** What SGAM's last step reads: the earlier steps' results. */
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
  ports: RetrievalPorts;
  addTokens: (usage: { inputTokens?: number; outputTokens?: number }) => void;
  /** A re-run's constraints: conditions join the WHERE, the SQL must honour every one. */
  steering: Steering | null;
};

/**
 * SGAM step 5 (§3.4), SQL from the paths: the join of the paths' inter-table edges, range
 * parsing and cell mapping of the conditions, then one SELECT through the guarded runner.
 */
export async function answerFromPaths(
  s: EventSink,
  stage: SqlStageInput,
): Promise<AnswerResult & { columns: ColumnRef[]; tables: string[] }> {
  const { question, parsed, hints, decomposition, segments, attributes, search, merged, params, ports } = stage;
  const { addTokens, steering } = stage;
  const common = { reasoner: ports.reasoner, llm: ports.llm, signal: ports.signal };
  const tableOf = (id: string) => parseColumnKey(id).table;
  const join = search.anchor
    ? joinFromPaths(search.paths, search.anchor, tableOf)
    : { tables: [], edges: [], cost: 0 };
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
  const steered = steering ? steerConditions(steering, input, s) : input;
  const policy = steering ? steerProgram(steering, s) : undefined;
  const r = await answerQuestion(steered, ports, s, sqlStep, params.ranker, policy);
  return { ...r, columns, tables: join.tables };
}
