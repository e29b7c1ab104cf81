import { runStep } from "../../reasoner/run-step";
import type { Answer } from "../../trace/kinds-run";
import { runStage, type EventSink } from "../../trace/sink";
import { toAnswer, topStars } from "./answer";
import { encodeQuery, nodeMaxSims, retrieveEdges } from "./edge-retrieval";
import { expandNodes, selectSeeds } from "./expansion";
import { parseHeliosParams, type HeliosParamsInput } from "./params";
import type { HeliosPorts } from "./ports";
import { readerStepWith, type ReaderInput } from "./reader";
import { refineStars } from "./refinement";
import { edgeQuery } from "./edge-features";
import { edgeScorer, fineQuery, rerankEdges } from "./rerank";
import type { ScoredEdge } from "./types";

export type HeliosResult = {
  answer: Answer;
  /** G_q's edges, ranked by retrieval score: what AR@k is measured on. */
  ranked: ScoredEdge[];
  /** The stars the reader read (for training the reader on the same evidence it sees at run time). */
  stars: ReaderInput["stars"];
  tokens: { input: number; output: number };
};

const round = (x: number) => Math.round(x * 1e4) / 1e4;
const traced = (edges: ScoredEdge[]) =>
  edges.map((e) => ({ segment: e.segment, passage: e.passage, score: round(e.score) }));

/**
 * HELIOS (Ma et al., §4): edge-based subgraph retrieval (MaxSim top k1, rerank to k2) → query-
 * relevant node expansion (beam b) → star-based refinement (aggregation, passage verification)
 * → the reader over the top stars. Every stage emits its events into `sink`; the run's spine
 * emits the final `answer` event from the returned answer.
 */
export async function runHelios(
  question: string,
  rawParams: HeliosParamsInput | undefined,
  ports: HeliosPorts,
  sink: EventSink,
): Promise<HeliosResult> {
  const params = parseHeliosParams(rawParams);
  const { index } = ports;
  const tokens = { input: 0, output: 0 };
  const usage = (u: { inputTokens?: number; outputTokens?: number }) => {
    tokens.input += u.inputTokens ?? 0;
    tokens.output += u.outputTokens ?? 0;
  };
  if (!index.segments.size) {
    sink.emit({ type: "warning", code: "no_rows", message: "This dataset has no table rows to retrieve." });
    return {
      answer: { text: "This dataset has no table rows.", values: [], evidence: [] },
      ranked: [],
      stars: [],
      tokens,
    };
  }
  if (!index.passages.size)
    sink.emit({
      type: "warning",
      code: "no_passages",
      message: "This dataset has no passages; HELIOS retrieves rows alone.",
    });

  const query = encodeQuery(index, question);
  const maxSims = nodeMaxSims(index, query);
  const eq = edgeQuery(question, fineQuery(index, question, query), query.sims);
  const score = edgeScorer(index, eq, maxSims, ports.rerankModel);

  const retrieved = await runStage(
    sink,
    "edge-retrieval",
    (s) => {
      const edges = retrieveEdges(index, maxSims, params.k1);
      s.emit({ type: "edge-retrieval", edges: traced(edges), k: params.k1 });
      return edges;
    },
    `Edge retrieval (MaxSim, k1 = ${params.k1})`,
  );

  const candidate = await runStage(
    sink,
    "rerank",
    (s) => {
      const edges = rerankEdges(score, retrieved, params.k2);
      s.emit({
        type: "rerank",
        edges: edges.map((e) => ({ ...traced([e])[0], previousRank: e.previousRank })),
        k: params.k2,
      });
      return edges.map(({ previousRank: _p, ...e }) => e);
    },
    `Reranking (k2 = ${params.k2})`,
  );

  let local: ScoredEdge[] = candidate;
  if (params.expansion && params.beam > 0) {
    local = await runStage(
      sink,
      "expansion",
      (s) => {
        const seeds = selectSeeds(index, eq, maxSims, candidate, params.beam, ports.rerankModel);
        s.emit({
          type: "seed-selection",
          nodes: seeds.map((x) => ({ node: x.node, score: round(x.p) })),
          beam: params.beam,
        });
        const { added, expansions } = expandNodes(
          index,
          eq,
          maxSims,
          score,
          candidate,
          seeds,
          params.beam,
          ports.rerankModel,
        );
        for (const x of expansions)
          s.emit({
            type: "expansion",
            edges: x.edges.map((e) => ({ ...e, score: round(e.score) })),
            beam: params.beam,
          });
        return [...candidate, ...added].sort((a, b) => b.score - a.score);
      },
      `Node expansion (beam b = ${params.beam})`,
    );
  }

  let ranked = local;
  if (params.refinement)
    ranked = await runStage(
      sink,
      "refinement",
      (s) =>
        refineStars(question, local, score, ports, s, usage, {
          aggregation: params.aggregation,
          verification: params.verification,
        }),
      "Star-based refinement",
    );
  await runStage(
    sink,
    "final-ranking",
    (s) => void s.emit({ type: "rerank", edges: traced(ranked.slice(0, 1000)), k: Math.max(1, ranked.length) }),
    "Final ranking (G_q by retrieval score)",
  );

  let stars: ReaderInput["stars"] = [];
  const answer = await runStage(
    sink,
    "answer",
    async (s) => {
      stars = topStars(index, ranked, params.readerStars);
      const read = await runStep(
        readerStepWith(params.reader === "learned" ? ports.readerModel : undefined, params.readerAbstains),
        { question, stars },
        { reasoner: ports.reasoner, llm: ports.llm, signal: ports.signal, sink: s },
      );
      usage(read.usage);
      return toAnswer(index, question, read.output, stars);
    },
    "Reader",
  );
  return { answer, ranked, stars, tokens };
}
