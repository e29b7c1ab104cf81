import type { ColumnRef } from "../../model/index-types";
import { runSamples } from "../../reasoner/samples";
import { TRACE_LIMITS } from "../../trace/atoms";
import type { EventSink } from "../../trace/sink";
import { linkColumnsOf, linkHintsOf } from "../../reasoner/schema/linking/schema";
import type { LinkProbability } from "./mapping/linker-vote";
import { roundSeed, seededRandom, shuffled } from "./mapping/shuffle";
import type { FgtrParams } from "./params";
import { parseColumnKey, refKey } from "../../model/column-ref";
import type { RetrievalPorts } from "../../retrieval/ports";
import { mappingInputSchema, schemaMappingStep, type MappingInput } from "./schema-mapping";
import type { CellHint, ParsedQuestion } from "../../retrieval/types";

export type SchemaSelection = {
  /** Columns with votes ≥ θ·K, in schema order. */
  kept: ColumnRef[];
  /** Vote share of every column voted for at least once (refKey → votes / K). */
  frequency: Map<string, number>;
  tokens: { input: number; output: number };
  /** The trained linker's probabilities, when it voted. */
  links?: LinkProbability[];
};

/** The round's input: tables and their columns in a seeded random order (positional bias, §4.2). */
export function mappingInputFor(
  question: string,
  parsed: ParsedQuestion,
  hints: CellHint[],
  ports: RetrievalPorts,
  seed: number,
  round: number,
  linked?: { links: LinkProbability[]; cut: number },
): MappingInput {
  const random = seededRandom(roundSeed(seed, round));
  const tables = shuffled(ports.schema.tables, random).map((t) => ({
    table: t.name,
    expandedName: t.expandedName ?? t.name,
    rowCount: t.rowCount,
    columns: shuffled(t.columns, random).map((c) => ({
      column: c.column,
      name: c.name,
      type: c.type,
      isPrimaryKey: c.isPrimaryKey,
      expandedName: c.expandedName ?? c.name,
      description: c.description ?? "",
      examples: (c.profile?.topValues ?? []).map((v) => String(v.value)).slice(0, 3),
    })),
  }));
  return mappingInputSchema.parse({ question, parsed, hints, tables, seed: roundSeed(seed, round), ...(linked ?? {}) });
}

/**
 * Runs K rounds of schema mapping and keeps the columns voted for in at least θ·K of them
 * (FGTR eq. 4). Emits one schema-vote event per round and the schema-selection tally.
 */
export async function voteSchema(
  question: string,
  parsed: ParsedQuestion,
  hints: CellHint[],
  params: FgtrParams,
  ports: RetrievalPorts,
  sink: EventSink,
): Promise<SchemaSelection> {
  const linked = linkSchema(question, hints, params, ports);
  const results = await runSamples(
    schemaMappingStep,
    params.k,
    (round) => mappingInputFor(question, parsed, hints, ports, params.seed, round, linked ?? undefined),
    {
      reasoner: ports.reasoner,
      llm: ports.llm,
      sink,
      signal: ports.signal,
      concurrency: 3,
    },
  );
  const votes = new Map<string, number>();
  const tokens = { input: 0, output: 0 };
  results.forEach((r, round) => {
    const unique = new Map(r.output.columns.map((c) => [refKey(c), c]));
    for (const key of unique.keys()) votes.set(key, (votes.get(key) ?? 0) + 1);
    tokens.input += r.usage.inputTokens ?? 0;
    tokens.output += r.usage.outputTokens ?? 0;
    sink.emit({
      type: "schema-vote",
      round,
      reasoner: r.reasoner,
      columns: [...unique.values()].slice(0, TRACE_LIMITS.columns),
      ...(r.output.scorer && r.reasoner === "local" ? { scorer: r.output.scorer } : {}),
      reasoning: r.output.reasoning.slice(0, 2000),
    });
  });
  // A local scorer that finds nothing abstains (no name overlap, no value hit): it is not a vote
  // against every column. θ applies to the rounds that voted, never fewer than half of K.
  const abstained = results.filter((r) => r.reasoner === "local" && r.output.columns.length === 0).length;
  const rounds = Math.max(Math.ceil(params.k / 2), params.k - abstained);
  const need = params.theta * rounds - 1e-9;
  const order = new Map(
    ports.schema.tables
      .flatMap((t) => t.columns.map((c) => refKey({ table: t.name, column: c.column })))
      .map((k, i) => [k, i]),
  );
  const voted = [...votes.entries()].sort((a, b) => (order.get(a[0]) ?? 0) - (order.get(b[0]) ?? 0));
  const toRef = (key: string): ColumnRef => parseColumnKey(key);
  const probability = new Map((linked?.links ?? []).map((l) => [refKey(l), l.probability]));
  const kept = voted.filter(([, v]) => v >= need).map(([k]) => toRef(k));
  const dropped = voted.filter(([, v]) => v < need).map(([k]) => toRef(k));
  sink.emit({
    type: "schema-selection",
    columns: voted.slice(0, TRACE_LIMITS.columns).map(([k, v]) => {
      const p = probability.get(k);
      return {
        ...toRef(k),
        votes: v,
        frequency: Math.min(1, v / rounds),
        ...(p !== undefined ? { probability: Math.round(p * 1000) / 1000 } : {}),
      };
    }),
    k: params.k,
    theta: params.theta,
    kept: kept.slice(0, TRACE_LIMITS.columns),
    dropped: dropped.slice(0, TRACE_LIMITS.columns),
  });
  return {
    kept,
    frequency: new Map(voted.map(([k, v]) => [k, Math.min(1, v / rounds)])),
    tokens,
    ...(linked ? { links: linked.links } : {}),
  };
}

/** The trained linker's probability of every column, when the run uses it (params.linker "learned"). */
function linkSchema(
  question: string,
  hints: CellHint[],
  params: Pick<FgtrParams, "linker" | "linkerCut">,
  ports: RetrievalPorts,
): { links: LinkProbability[]; cut: number } | null {
  if (params.linker !== "learned" || !ports.linker) return null;
  const links = ports.linker.link(question, linkColumnsOf(ports.schema), linkHintsOf(hints));
  return {
    links: links.map((l) => ({ ...l, probability: Math.round(l.probability * 10_000) / 10_000 })),
    cut: params.linkerCut ?? ports.linker.cut,
  };
}
