import { parseNodeId, nodeId } from "../../index/schema-node";
import type { ColumnRef } from "../../model/index-types";
import { runStep } from "../../reasoner/run-step";
import { TRACE_LIMITS } from "../../trace/atoms";
import type { Answer } from "../../trace/kinds-run";
import { runStage, type EventSink } from "../../trace/sink";
import { answerQuestion } from "../fgtr/answer/run";
import { mapCells, markNegated } from "../fgtr/cell-mapping";
import { parseFgtrParams } from "../fgtr/params";
import { refKey, type FgtrPorts, type SqlResult } from "../fgtr/ports";
import { questionParsingStep } from "../fgtr/question-parsing";
import { rangeParsingStep } from "../fgtr/range-parsing";
import { answerInput, mentionedTables, rangeInput } from "../fgtr/stages";
import { findValueHints } from "../fgtr/value-hints";
import { attributeRetrievalStep, type AttributeMatch, type Segment } from "./attribute-retrieval";
import { decompositionStep, type Decomposition } from "./decomposition";
import { emitPath, pathText } from "./events";
import { buildKeywordSets } from "./keywords";
import { parseSgamParams, type SgamParamsInput } from "./params";
import { joinFromPaths, searchPaths, type SgamPath } from "./path-search";
import { mergePaths, prunePath, type MergedPath } from "./prune-merge";
import { sqlStep } from "./sql";

/** What a run of SGAM found: the answer and the retrieval behind it, for the UI and the eval. */
export type SgamResult = {
  answer: Answer;
  decomposition: Decomposition | null;
  attributes: AttributeMatch[];
  paths: SgamPath[];
  merged: MergedPath[];
  tables: string[];
  /** The columns the answer was built from (retrieved attributes plus the paths' keys). */
  columns: ColumnRef[];
  result: SqlResult | null;
  tokens: { input: number; output: number };
};

/**
 * SGAM (papers/sgam.md §3) on a dataset's schema graph, curated edges included: question
 * decomposition → attribute retrieval (keyword sets, eq. 2) → directed path search to terminal
 * keys (eq. 8) → pruning and sub-path merging (eq. 10) → SQL from the paths, run through the
 * guarded runner → answer with its evidence cells. Each stage emits its trace events; the run's
 * spine emits the final `answer` event from the returned answer.
 */
export async function runSgam(rawQuestion: string, rawParams: SgamParamsInput | undefined, ports: FgtrPorts, sink: EventSink): Promise<SgamResult> {
  const params = parseSgamParams(rawParams);
  const question = rawQuestion.replace(/\s+/g, " ").trim().slice(0, 2000);
  const tokens = { input: 0, output: 0 };
  const addTokens = (u: { inputTokens?: number; outputTokens?: number }) => {
    tokens.input += u.inputTokens ?? 0;
    tokens.output += u.outputTokens ?? 0;
  };
  const common = { reasoner: ports.reasoner, llm: ports.llm, signal: ports.signal };

  const { decomposition, parsed, hints } = await runStage(sink, "decomposition", async (s) => {
    const hints = await findValueHints(question, ports);
    const d = await runStep(decompositionStep, { question }, { ...common, sink: s });
    // The main question's intent (count, max, list…) comes from the question parser SGAM shares with FGTR.
    const p = await runStep(questionParsingStep, { question, hints }, { ...common, sink: s });
    addTokens(d.usage);
    addTokens(p.usage);
    s.emit({
      type: "question-parse", reasoner: d.reasoner, keywords: p.output.keywords.slice(0, 100), entities: p.output.entities.slice(0, 100).map((e) => ({ text: e.text, kind: e.kind })),
      numbers: p.output.numbers.slice(0, 100).map((n) => ({ value: n.value, comparator: n.comparator, text: n.text })), dates: p.output.dates.slice(0, 100).map((x) => ({ text: x.text, value: x.value, comparator: x.comparator })),
      intent: p.output.intent, conditions: d.output.conditions, mainQuestion: d.output.main,
    });
    return { decomposition: d.output, parsed: p.output, hints };
  }, "Question decomposition");

  const segments: Segment[] = [{ text: decomposition.main, role: "main" }, ...headFragment(decomposition.main), ...decomposition.conditions.map((text) => ({ text, role: "condition" as const }))];
  const attributes = await runStage(sink, "attribute-retrieval", async (s) => {
    const step = await runStep(attributeRetrievalStep, { segments, attributes: buildKeywordSets(ports.schema), hints, tau: params.tau, maxAttributes: params.maxAttributes, minSimilarity: params.minSimilarity }, { ...common, sink: s });
    addTokens(step.usage);
    segments.forEach((seg, i) => {
      const found = step.output.matches.filter((m) => m.segment === i);
      s.emit({ type: "attribute-retrieval", reasoner: step.reasoner, segment: seg.text, role: seg.role, tau: params.tau, attributes: found.map((m) => ({ table: m.table, column: m.column, similarity: m.similarity, score: m.score, keywords: m.keywords })) });
    });
    return step.output.matches;
  }, `Attribute retrieval (τ = ${params.tau})`);

  // With no attribute named, the table the question names stands in through its key.
  const starts = [...new Set(attributes.map((m) => nodeId(m.table, m.column)))];
  if (!starts.length) {
    const t = mentionedTables(parsed, ports)[0] ?? (ports.schema.tables.length === 1 ? ports.schema.tables[0].name : null);
    const key = t ? ports.graph.nodes.find((n) => n.table === t && n.isPrimaryKey) ?? ports.graph.nodes.find((n) => n.table === t) : null;
    if (key) starts.push(key.id);
  }
  const tableOf = (id: string) => parseNodeId(id).table;

  const search = await runStage(sink, "path-search", (s) => {
    const found = searchPaths(ports.graph, starts);
    for (const p of found.paths) emitPath(s, "found", p);
    for (const a of found.unreachable) s.emit({ type: "warning", code: "no_path", message: `No path of the schema graph links "${a}" to table "${found.anchor}"; it is left out. A curated join or derivation edge can link it.` });
    return found;
  }, "Path search");

  const merged = await runStage(sink, "path-pruning", (s) => {
    const pruned = search.paths.map((p) => prunePath(p, tableOf));
    for (const p of pruned) emitPath(s, "pruned", p, p.cause ?? undefined);
    const m = mergePaths(pruned);
    for (const g of m) emitPath(s, "merged", { id: g.id, attribute: g.nodes[0], terminal: g.terminal, nodes: g.nodes, edges: g.edges }, undefined, g.members);
    return m;
  }, "Pruning and sub-path merging");

  const answered = await runStage(sink, "sql", async (s) => {
    const join = search.anchor ? joinFromPaths(search.paths, search.anchor, tableOf) : { tables: [], edges: [], cost: 0 };
    if (join.edges.length) {
      s.emit({ type: "join-path", fromTable: join.tables[0], toTable: join.tables[join.tables.length - 1], tables: join.tables, edges: join.edges.slice(0, TRACE_LIMITS.edges).map((e) => ({ id: e.id, source: e.source, target: e.target, kind: e.kind, origin: e.origin, weight: e.weight })) });
    }
    const onPaths = [...new Set(search.paths.flatMap((p) => p.nodes))].map(parseNodeId).filter((c) => join.tables.includes(c.table));
    const retrieved = attributes.filter((m) => join.tables.includes(m.table));
    const frequency = new Map<string, number>();
    for (const m of retrieved) {
      const weight = segments[m.segment]?.role === "main" ? m.score : m.score / 2;
      frequency.set(refKey(m), Math.max(frequency.get(refKey(m)) ?? 0, weight));
    }
    const columns = [...new Map([...retrieved.map((m) => ({ table: m.table, column: m.column })), ...onPaths].map((c) => [refKey(c), c])).values()];
    const fgtrParams = parseFgtrParams({ topN: params.topN, cellThreshold: params.cellThreshold, maxAnswerRows: params.maxAnswerRows, ranker: params.ranker });
    const ranges = await runStep(rangeParsingStep, rangeInput(question, parsed, hints, retrieved.map((m) => ({ table: m.table, column: m.column })), ports), { ...common, sink: s });
    addTokens(ranges.usage);
    // "shared by at least two teachers" counts rows (the planner's HAVING); its number is no column's value.
    const having = parsed.having;
    ranges.output.ranges = ranges.output.ranges.map((r) =>
      having && r.role === "constrained" && r.predicate?.values.length === 1 && r.predicate.values[0] === having.value ? { ...r, role: "dependent" as const, predicate: undefined } : r,
    );
    for (const r of ranges.output.ranges) s.emit({ type: "column-range", reasoner: ranges.reasoner, table: r.table, column: r.column, role: r.role, ...(r.predicate ? { predicate: r.predicate } : {}) });
    const mapped = markNegated(await mapCells(ranges.output.ranges, fgtrParams, ports, s), parsed.negation);
    if (!join.tables.length) return { answer: { text: "No column of this dataset matches the question.", values: [], evidence: [] }, result: null, tokens: { input: 0, output: 0 }, columns, tables: [] };
    const base = await answerInput(question, parsed, { columns, tables: join.tables, join, added: [] }, frequency, mapped, [], fgtrParams, ports, s);
    const input = { ...base, paths: merged.length ? search.paths.map((p) => pathText(p.nodes)) : [], conditions: decomposition.conditions, main: decomposition.main };
    const r = await answerQuestion(input, ports, s, sqlStep, fgtrParams.ranker);
    return { ...r, columns, tables: join.tables };
  }, "SQL from the paths");
  tokens.input += answered.tokens.input;
  tokens.output += answered.tokens.output;

  return { answer: answered.answer, decomposition, attributes, paths: search.paths, merged, tables: answered.tables, columns: answered.columns, result: answered.result, tokens };
}

/**
 * "the names of poker players": the head before "of" names the attribute asked for, the rest
 * the table it belongs to; retrieved as a fragment of its own (as A.3 splits a question into
 * fragments), it finds the column the whole phrase's table words would drown.
 */
function headFragment(main: string): Segment[] {
  const m = /^(.*?\b(?:the|a|an)\s+[\p{L}\s]{2,40}?)\s+of\s+(.+)$/iu.exec(main.trim());
  return m ? [{ text: m[1], role: "main" }] : [];
}
