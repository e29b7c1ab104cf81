import { columnKey, parseColumnKey, refKey } from "../../model/column-ref";
import type { ColumnRef } from "../../model/index-types";
import { runStep } from "../../reasoner/run-step";
import { portsInViewScope } from "../../reasoner/schema/views";
import type { Answer } from "../../trace/kinds-run";
import { runStage, type EventSink } from "../../trace/sink";
import { reportExcludedEdges, steerColumns, steeringFor } from "../../retrieval/constraints/steer";
import type { RunConstraints } from "../../retrieval/constraints/types";
import type { RetrievalPorts, SqlResult } from "../../retrieval/ports";
import { questionParsingStep } from "../../reasoner/question/step";
import { mentionedTables } from "../../reasoner/schema/step-inputs";
import { prepareQuestion, questionParseEvent, tokenTally } from "../../retrieval/run-glue";
import { givenProgramColumns, linkedColumns } from "../../reasoner/schema/linked-columns";
import { TRACE_LIMITS } from "../../trace/atoms";
import { findValueHints } from "../../reasoner/question/value-hints";
import { attributeRetrievalStep, type AttributeMatch, type Segment } from "./attribute-retrieval";
import { decompositionStep, type Decomposition } from "./decomposition";
import { emitPath } from "./events";
import { buildKeywordSets } from "./keywords";
import { parseSgamParams, type SgamParamsInput } from "./params";
import { joinFromPaths, searchPaths, type SgamPath } from "./path-search";
import { roleAwareCost } from "../../reasoner/schema/join-roles";
import { defaultEdgeCost } from "../../index/join-path";
import { mergePaths, prunePath, type MergedPath } from "./prune-merge";
import { sqlFromPaths } from "./sql-stage";
import { headFragment, segmentLinks } from "./segment-links";

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
 * SGAM (the SGAM paper, §3) on a dataset's schema graph, curated edges included: question
 * decomposition → attribute retrieval (keyword sets, eq. 2) → directed path search to terminal
 * keys (eq. 8) → pruning and sub-path merging (eq. 10) → SQL from the paths, run through the
 * guarded runner → answer with its evidence cells. Each stage emits its trace events; the run's
 * spine emits the final `answer` event from the returned answer.
 */
export async function runSgam(
  rawQuestion: string,
  rawParams: SgamParamsInput | undefined,
  ports: RetrievalPorts,
  sink: EventSink,
  constraints?: RunConstraints,
): Promise<SgamResult> {
  const params = parseSgamParams(rawParams);
  // A re-run's pins and exclusions: applied after attribute retrieval, at path search and at the SQL.
  const question = prepareQuestion(rawQuestion, sink);
  if (question === null) return emptyResult("Please type a question about the tables.");
  // Views the question does not name are not read; a named one is never joined to its base tables.
  ports = portsInViewScope(question, ports, sink);
  const steering = steeringFor(constraints, ports);
  const fullPorts = ports;
  const { tokens, add: addTokens, addTotals } = tokenTally();
  const common = { reasoner: ports.reasoner, llm: ports.llm, signal: ports.signal };

  const { decomposition, parsed, hints } = await runStage(
    sink,
    "decomposition",
    async (s) => {
      const hints = await findValueHints(question, ports);
      const d = await runStep(decompositionStep, { question }, { ...common, sink: s });
      // The main question's intent (count, max, list…) comes from the question parser SGAM shares with FGTR.
      const p = await runStep(questionParsingStep, { question, hints }, { ...common, sink: s });
      addTokens(d.usage);
      addTokens(p.usage);
      s.emit({
        ...questionParseEvent(d.reasoner, p.output),
        conditions: d.output.conditions,
        mainQuestion: d.output.main,
      });
      return { decomposition: d.output, parsed: p.output, hints };
    },
    "Question decomposition",
  );

  const segments: Segment[] = [
    { text: decomposition.main, role: "main" },
    ...headFragment(decomposition.main),
    ...decomposition.conditions.map((text) => ({ text, role: "condition" as const })),
  ];
  const attributes = await runStage(
    sink,
    "attribute-retrieval",
    async (s) => {
      const linked = segmentLinks(segments, hints, params.linker, ports);
      const input = {
        segments,
        attributes: buildKeywordSets(ports.schema),
        hints,
        tau: params.tau,
        maxAttributes: params.maxAttributes,
        minSimilarity: params.minSimilarity,
        ...linked,
      };
      const step = await runStep(attributeRetrievalStep, input, { ...common, sink: s });
      addTokens(step.usage);
      segments.forEach((seg, i) => {
        const found = step.output.matches.filter((m) => m.segment === i);
        s.emit({
          type: "attribute-retrieval",
          reasoner: step.reasoner,
          segment: seg.text,
          role: seg.role,
          tau: params.tau,
          attributes: found.map((m) => ({
            table: m.table,
            column: m.column,
            similarity: m.similarity,
            score: m.score,
            keywords: m.keywords,
          })),
        });
      });
      if (!steering) return step.output.matches;
      // Retrieval ran on the whole schema, so the events can say what the constraints changed.
      const steered = steerColumns(steering, step.output.matches, s, "Attribute retrieval");
      const found = new Map(step.output.matches.map((m) => [refKey(m), m]));
      return steered.map((r) => found.get(refKey(r)) ?? { ...r, segment: 0, similarity: 1, score: 1, keywords: [] });
    },
    `Attribute retrieval (τ = ${params.tau})`,
  );
  if (steering) ports = steering.ports;
  // Columns the question names by a value, a date, a unit or a confirmed earlier answer join the
  // retrieved attributes (as FGTR's schema filling adds them), so path search reaches their tables.
  const linked = [
    ...linkedColumns(question, parsed, hints, ports, attributes),
    ...givenProgramColumns(question, params.program, ports.learned),
  ].filter((l) => !attributes.some((a) => a.table === l.table && a.column === l.column));
  if (linked.length) sink.emit({ type: "schema-fill", added: linked.slice(0, TRACE_LIMITS.columns) });
  attributes.push(
    ...linked.map((l) => ({ table: l.table, column: l.column, segment: 0, similarity: 1, score: 1, keywords: [] })),
  );

  // With no attribute named, the table the question names stands in through its key.
  const starts = [...new Set(attributes.map((m) => columnKey(m.table, m.column)))];
  if (!starts.length) {
    const t =
      mentionedTables(parsed, ports)[0] ?? (ports.schema.tables.length === 1 ? ports.schema.tables[0].name : null);
    const key = t
      ? (ports.graph.nodes.find((n) => n.table === t && n.isPrimaryKey) ?? ports.graph.nodes.find((n) => n.table === t))
      : null;
    if (key) starts.push(key.id);
  }
  const tableOf = (id: string) => parseColumnKey(id).table;

  const search = await runStage(
    sink,
    "path-search",
    (s) => {
      // Two keys to one table (origin and destination): the one whose name the question speaks of.
      const found = searchPaths(ports.graph, starts, roleAwareCost(ports.graph, question, defaultEdgeCost));
      if (steering?.c.excludeEdges.length) {
        const would = searchPaths(fullPorts.graph, starts, roleAwareCost(fullPorts.graph, question, defaultEdgeCost));
        reportExcludedEdges(steering, would.anchor ? joinFromPaths(would.paths, would.anchor, tableOf) : null, s);
      }
      for (const p of found.paths) emitPath(s, "found", p);
      for (const a of found.unreachable)
        s.emit({
          type: "warning",
          code: "no_path",
          message:
            `No path of the schema graph links "${a}" to table "${found.anchor}"; it is left out. ` +
            `A curated join or derivation edge can link it.`,
        });
      return found;
    },
    "Path search",
  );

  const merged = await runStage(
    sink,
    "path-pruning",
    (s) => {
      const pruned = search.paths.map((p) => prunePath(p, tableOf));
      for (const p of pruned) emitPath(s, "pruned", p, p.cause ?? undefined);
      const m = mergePaths(pruned);
      for (const g of m)
        emitPath(
          s,
          "merged",
          { id: g.id, attribute: g.nodes[0], terminal: g.terminal, nodes: g.nodes, edges: g.edges },
          undefined,
          g.members,
        );
      return m;
    },
    "Pruning and sub-path merging",
  );

  const answered = await runStage(
    sink,
    "sql",
    (s) =>
      sqlFromPaths(
        { question, parsed, hints, decomposition, segments, attributes, search, merged, params, addTokens, steering },
        ports,
        s,
      ),
    "SQL from the paths",
  );
  addTotals(answered.tokens);

  return {
    answer: answered.answer,
    decomposition,
    attributes,
    paths: search.paths,
    merged,
    tables: answered.tables,
    columns: answered.columns,
    result: answered.result,
    tokens,
  };
}

function emptyResult(text: string): SgamResult {
  const answer = { text, values: [], evidence: [] };
  return {
    answer,
    decomposition: null,
    attributes: [],
    paths: [],
    merged: [],
    tables: [],
    columns: [],
    result: null,
    tokens: { input: 0, output: 0 },
  };
}
