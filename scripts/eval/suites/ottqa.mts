// OTT-QA suite (SPLITS.md: even question index tune, odd report) for HELIOS: one corpus of the
// sample's 100 tables and 2,515 passages, each question retrieved over all of it. Prints AR@k,
// nDCG@50 and reader EM, and the ablations of HELIOS Table 4 (no expansion, no refinement).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { EvalArgs } from "../args.mts";
import { sharedDatasets } from "../datasets.mts";
import { answerRecall, AR_KS, exactMatch, ndcgAt, relevances } from "../helios-metrics.mts";
import { loadOttqaCorpus } from "../ottqa-corpus.mts";
import { summarize, type QuestionRecord, type Summary } from "../report.mts";
import { buildHeliosIndex, type HeliosIndex } from "../../../lib/core/methods/helios/graph-index.ts";
import { edgeText } from "../../../lib/core/methods/helios/linearize.ts";
import { runHelios } from "../../../lib/core/methods/helios/run-helios.ts";
import { createRecorder, nullSink } from "../../../lib/core/trace/recorder.ts";
import { assessAnswer } from "../../../lib/core/reasoner/verdict/index.ts";
import { confidenceModel, methodConfidenceModels } from "../../../lib/server/confidence/assess-run.ts";
import { activeLlmPort } from "../../../lib/server/llm/index.ts";
import { heliosReaderModel, heliosRerankModel } from "../../../lib/server/methods/helios/models.ts";

type OttQuestion = { question_id: string; question: string; table_id: string; "answer-text": string };
type Variant = { name: string; params: Record<string, unknown> };
type Scores = { ar: Record<string, number>; ndcg: number; em: boolean };

const VARIANTS: Variant[] = [
  { name: "helios", params: {} },
  { name: "no-expansion", params: { expansion: false } },
  { name: "no-refinement", params: { refinement: false } },
];

function edgeTexts(index: HeliosIndex, edges: Array<{ segment: string; passage: string | null }>): string[] {
  return edges.map((e) =>
    edgeText(index.segments.get(e.segment)!, e.passage ? (index.passages.get(e.passage) ?? null) : null),
  );
}

/** How many edges of all of G_d (linked edges and unlinked rows) hold the answer: nDCG's ideal. */
function relevantInGraph(index: HeliosIndex, answer: string, all: string[]): number {
  return relevances(all, answer).reduce((a, b) => a + b, 0);
}

export async function runOttqa(args: EvalArgs): Promise<{ summary: Summary; records: QuestionRecord[] }> {
  const root = path.join(sharedDatasets(), "ottqa_hybridqa_sample");
  const all = JSON.parse(readFileSync(path.join(root, "ottqa_dev_questions.json"), "utf8")) as OttQuestion[];
  const split = all.filter((_, i) => (args.split === "tune" ? i % 2 === 0 : i % 2 === 1));
  const questions = split.slice(args.offset, args.limit ? args.offset + args.limit : undefined);
  const t0 = performance.now();
  const corpus = loadOttqaCorpus(root);
  const index = buildHeliosIndex(corpus);
  const allEdges = [
    ...corpus.links.map((l) => ({ segment: l.segment, passage: l.passage })),
    ...corpus.segments.filter((s) => !index.bySegment.has(s.id)).map((s) => ({ segment: s.id, passage: null })),
  ];
  const allTexts = edgeTexts(index, allEdges);
  const kinds = corpus.links.reduce<Record<string, number>>((m, l) => ({ ...m, [l.kind]: (m[l.kind] ?? 0) + 1 }), {});
  console.error(
    `ottqa: ${corpus.segments.length} segments, ${corpus.passages.length} passages, ${corpus.links.length} edges ` +
      `${JSON.stringify(kinds)}, vocabulary ${index.space.size}, built in ${Math.round(performance.now() - t0)} ms`,
  );
  const llm = args.reasoner === "llm" ? await activeLlmPort() : null;
  const readerModel = heliosReaderModel();
  const rerankModel = heliosRerankModel();
  if (!readerModel)
    console.error(
      "ottqa: models/ has no helios-reader (npm run train -- helios-reader); the untrained overlap reader runs",
    );
  // OTTQA_VARIANTS=helios,no-expansion runs only those variants (to spread one eval over processes).
  const only = process.env.OTTQA_VARIANTS?.split(",");
  const variants = VARIANTS.filter((v) => !only || only.includes(v.name)).map((v) => ({
    ...v,
    params: { ...args.params, ...v.params },
  }));
  const scores = new Map<string, Scores[]>(variants.map((v) => [v.name, []]));
  const records: QuestionRecord[] = [];
  for (const q of questions) {
    const gold = q["answer-text"];
    const total = relevantInGraph(index, gold, allTexts);
    for (const v of variants) {
      const start = performance.now();
      const sink = v.name === variants[0].name ? createRecorder() : null;
      const result = await runHelios(
        q.question,
        v.params,
        { index, reasoner: args.reasoner, llm, readerModel, rerankModel },
        sink ?? nullSink(),
      );
      const relAll = relevances(edgeTexts(index, result.ranked), gold);
      const rel = relAll.slice(0, 50);
      // Expansion can pair the answer's passage with rows it is not linked to in G_d: the ideal
      // list then has those edges too, so nDCG stays ≤ 1.
      const ideal = Math.max(
        total,
        relAll.reduce((a, b) => a + b, 0),
      );
      const s = { ar: answerRecall(rel), ndcg: ndcgAt(rel, ideal), em: exactMatch(result.answer.text, gold) };
      scores.get(v.name)!.push(s);
      if (v.name !== variants[0].name || !sink) continue;
      // One corpus, no dataset: judged from the trace alone (no column profiles).
      const judged = assessAnswer(
        {
          question: q.question,
          method: "helios",
          reasoner: args.reasoner,
          answer: result.answer,
          events: sink.events,
          schema: null,
          maxAnswerRows: null,
        },
        confidenceModel(),
        methodConfidenceModels(),
      );
      records.push({
        confidence: judged.confidence,
        verdict: judged.verdict,
        reason: judged.reason,
        signals: judged.signals,
        id: q.question_id,
        source: q.table_id,
        question: q.question,
        gold,
        prediction: result.answer.text,
        values: result.answer.values,
        correct: s.em,
        columns: {
          selected: result.ranked.slice(0, 10).map((e) => `${e.segment} ${e.passage ?? ""}`.trim()),
          filled: [],
        },
        sql: null,
        ms: performance.now() - start,
        tokens: result.tokens,
      });
      if (args.verbose)
        console.error(`${s.em ? "✓" : "✗"} AR@10=${s.ar["10"]} ${q.question} → ${result.answer.text} (gold ${gold})`);
    }
  }
  const mean = (xs: number[]) =>
    xs.length ? Math.round((10000 * xs.reduce((a, b) => a + b, 0)) / xs.length) / 100 : 0;
  const metrics = (list: Scores[]) => ({
    answerRecall: Object.fromEntries(AR_KS.map((k) => [String(k), mean(list.map((s) => s.ar[String(k)]))])),
    ndcg50: mean(list.map((s) => s.ndcg)),
    accuracy: mean(list.map((s) => (s.em ? 1 : 0))),
  });
  const main = variants[0].name;
  const summary = {
    ...summarize("ottqa", args.split, "helios", args.reasoner, records),
    variant: main,
    ...metrics(scores.get(main)!),
  };
  summary.ablations = Object.fromEntries(
    variants.filter((v) => v.name !== main).map((v) => [v.name, metrics(scores.get(v.name)!)]),
  );
  return { summary, records };
}
