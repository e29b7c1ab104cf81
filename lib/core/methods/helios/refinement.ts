import { runStep } from "../../reasoner/run-step";
import type { EventSink } from "../../trace/sink";
import { aggregateRows, aggregationStep } from "./aggregation";
import type { EdgeScorer } from "./rerank";
import { segmentText } from "./linearize";
import type { HeliosPorts } from "./ports";
import type { ScoredEdge } from "./types";
import { verificationStep } from "./verification";

/** Stars whose passages are verified: the reader reads fewer, the rest keep their ranks. */
const VERIFY_EDGES = 40;
/** Edges whose tables the aggregation check looks at. */
const AGGREGATION_EDGES = 5;

const isNumeric = (v: unknown) =>
  typeof v === "number" ||
  (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v.replace(/[,$%\s]/g, ""))));

/**
 * Star-based refinement (HELIOS §4.3): the aggregation check; when it says yes, the whole tables
 * of the retrieved rows are restored and the rows holding the max/min of the chosen column join
 * G_l with their linked passages, the extreme row first (it is what the question asks for,
 * however little its text resembles it); then passage verification, star by star, removes the
 * passages that do not bear on the question. Returns G_q's edges, ranked.
 */
export async function refineStars(
  question: string,
  edges: ScoredEdge[],
  score: EdgeScorer,
  ports: HeliosPorts,
  sink: EventSink,
  usage: (u: { inputTokens?: number; outputTokens?: number }) => void,
  switches = { aggregation: true, verification: true },
): Promise<ScoredEdge[]> {
  let out = switches.aggregation ? await aggregate(question, edges, score, ports, sink, usage) : [...edges];
  out.sort((a, b) => b.score - a.score);
  if (switches.verification) out = await verify(question, out, score, ports, sink, usage);
  return out;
}

/** The aggregation check and, when it says yes, the rows of the whole table it selects. */
async function aggregate(
  question: string,
  edges: ScoredEdge[],
  score: EdgeScorer,
  ports: HeliosPorts,
  sink: EventSink,
  usage: (u: { inputTokens?: number; outputTokens?: number }) => void,
): Promise<ScoredEdge[]> {
  const { index } = ports;
  const common = { reasoner: ports.reasoner, llm: ports.llm, signal: ports.signal, sink };
  // Only the tables of the best few edges: a comparison is about the table the question is on.
  const tables = [
    ...new Set(
      edges
        .slice(0, AGGREGATION_EDGES)
        .map((e) => index.segments.get(e.segment)?.table)
        .filter((t): t is string => !!t),
    ),
  ];
  const columns = tables.flatMap((t) => {
    const rows = (index.tables.get(t) ?? []).map((id) => index.segments.get(id)!);
    const first = rows[0];
    if (!first) return [];
    return first.columns.map((column, i) => ({
      table: t,
      column,
      header: first.header[i] ?? column,
      numeric:
        rows.filter((r) => r.values[i] !== null && r.values[i] !== "").every((r) => isNumeric(r.values[i])) &&
        rows.some((r) => r.values[i] !== null && r.values[i] !== ""),
    }));
  });
  const decision = await runStep(aggregationStep, { question, columns }, common);
  usage(decision.usage);
  let out = [...edges];
  const d = decision.output;
  let chosen: string[] = [];
  if (d.needed && d.table && d.column && (d.operation === "max" || d.operation === "min")) {
    const rows = (index.tables.get(d.table) ?? []).map((id) => index.segments.get(id)!);
    const col = rows[0]?.columns.indexOf(d.column) ?? -1;
    chosen =
      col < 0
        ? []
        : aggregateRows(
            rows.map((r) => ({ id: r.id, value: r.values[col] })),
            d.operation,
          );
    // The extreme row leads G_q (it is what the question asks for, however little its
    // text resembles it); its other edges and the runners-up keep their own scores, so they do not
    // push a whole block of edges above the ones that hold the answer.
    const top = Math.max(0, ...out.map((e) => e.score));
    chosen.forEach((id, rank) => {
      const links = index.bySegment.get(id) ?? [];
      const pairs = links.length ? links.map((l) => l.passage) : [null];
      const scored = pairs
        .map((passage) => ({ segment: id, passage, score: score(id, passage) }))
        .sort((a, b) => b.score - a.score);
      // The row itself (no passage: verification judges passages, not the aggregation's choice).
      if (rank === 0) scored.unshift({ segment: id, passage: null, score: Math.max(top, scored[0].score) + 1e-6 });
      const keys = new Set(scored.map((e) => `${e.segment}|${e.passage}`));
      out = [...out.filter((e) => !keys.has(`${e.segment}|${e.passage}`)), ...scored];
    });
  }
  sink.emit({
    type: "aggregation",
    reasoner: decision.reasoner,
    needed: d.needed,
    rows: chosen,
    rowRefs: chosen.map((id) => ({ table: index.segments.get(id)!.table, rowId: index.segments.get(id)!.rowId })),
    ...(d.needed ? { operation: `${d.operation}(${d.column})` } : {}),
    reason: d.reason,
  });
  return out;
}

/**
 * Passage verification of the top stars (HELIOS §4.3): a passage judged irrelevant leaves G_q. Its
 * row stays, alone, when none of its passages is kept (an edge with no passage, scored by g_e),
 * and the removed edges follow every kept one, as the paper ranks them when G_q runs short.
 */
async function verify(
  question: string,
  out: ScoredEdge[],
  score: EdgeScorer,
  ports: HeliosPorts,
  sink: EventSink,
  usage: (u: { inputTokens?: number; outputTokens?: number }) => void,
): Promise<ScoredEdge[]> {
  const { index } = ports;
  const common = { reasoner: ports.reasoner, llm: ports.llm, signal: ports.signal, sink };
  const toVerify = out.slice(0, VERIFY_EDGES).filter((e) => e.passage);
  if (!toVerify.length) return out;
  const rowScore = new Map<string, number>();
  const rowAlone = (segment: string) =>
    rowScore.get(segment) ?? (rowScore.set(segment, score(segment, null)), rowScore.get(segment)!);
  const items = toVerify.map((e) => {
    const p = index.passages.get(e.passage!)!;
    return {
      passage: p.id,
      segment: e.segment,
      title: p.title,
      text: p.text.slice(0, 4000),
      rowText: segmentText(index.segments.get(e.segment)!),
    };
  });
  const verified = await runStep(verificationStep, { question, items }, common);
  usage(verified.usage);
  const dropped = new Set<string>();
  for (const v of verified.output.verdicts) {
    sink.emit({
      type: "passage-verification",
      reasoner: verified.reasoner,
      passage: v.passage,
      segment: v.segment,
      keep: v.keep,
      reason: v.reason,
    });
    if (!v.keep) dropped.add(`${v.segment}|${v.passage}`);
  }
  const isDropped = (e: ScoredEdge) => dropped.has(`${e.segment}|${e.passage}`);
  const kept = out.filter((e) => !isDropped(e));
  const keptRows = new Set(kept.map((e) => e.segment));
  const alone = [...new Set(out.filter(isDropped).map((e) => e.segment))]
    .filter((segment) => !keptRows.has(segment))
    .map((segment) => ({ segment, passage: null, score: rowAlone(segment) }));
  const removed = out.filter(isDropped).map((e) => ({ ...e, dropped: true as const }));
  return [...[...kept, ...alone].sort((a, b) => b.score - a.score), ...removed];
}
