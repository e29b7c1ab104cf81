// The HELIOS local reader: a log-linear model over the candidates (cells and passage spans) of the
// stars HELIOS retrieves, trained on hybridqa_train (SPLITS.md: training data; none of the OTT-QA
// sample's tables), SQuAD's logistic-regression span ranker over HELIOS's evidence. Questions are
// retrieved over chunks of many tables with the trained rerankers, as OTT-QA questions are over the
// whole sample, so the reader learns from the same kind of evidence it reads at run time.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dot, FeatureTable, softmax } from "../../../lib/core/methods/helios/linear-model.ts";
import { readerCandidates } from "../../../lib/core/methods/helios/reader-candidates.ts";
import {
  answerKey,
  fitReader,
  nullFeatures,
  type ReaderExample,
  type ReaderModel,
} from "../../../lib/core/methods/helios/reader-model.ts";
import { viewQuestion } from "../../../lib/core/methods/helios/reader-question.ts";
import type { ReaderInput } from "../../../lib/core/methods/helios/reader.ts";
import { rerankModelSchema, type RerankModel } from "../../../lib/core/methods/helios/rerank-model.ts";
import { runHelios } from "../../../lib/core/methods/helios/run-helios.ts";
import { nullSink } from "../../../lib/core/trace/recorder.ts";
import { forEachChunk, heldOut, hybridQuestions, type HybridQuestion } from "../helios-data.mts";
import type { Trainer } from "../trainer.mts";

type Retrieved = { id: string; table: string; question: string; gold: string; stars: ReaderInput["stars"] };
/**
 * A question's candidates as sparse rows ("no answer" last) with their answer keys: compact enough for 2,000 questions.
 */
type Read = { table: string; example: ReaderExample; keys: string[]; gold: string };

/** A wrong answer costs this many right ones when the threshold is chosen: a confident wrong answer is the worst. */
const WRONG_COST = 0.35;

/** The trained rerankers when `npm run train` has made them (this trainer runs after them). */
function rerankModel(modelsDir: string): RerankModel | undefined {
  const file = path.join(modelsDir, "helios-reranker.json");
  return existsSync(file) ? rerankModelSchema.parse(JSON.parse(readFileSync(file, "utf8"))) : undefined;
}

/** The stars HELIOS retrieves for every question (as OTT-QA asks it), each over its chunk of tables. */
async function retrieveAll(
  datasets: string,
  modelsDir: string,
  questions: HybridQuestion[],
  log: (m: string) => void,
): Promise<Retrieved[]> {
  const model = rerankModel(modelsDir);
  const out: Retrieved[] = [];
  await forEachChunk(
    datasets,
    questions,
    async (index, qs) => {
      for (const q of qs) {
        const r = await runHelios(q.question, {}, { index, reasoner: "local", rerankModel: model }, nullSink());
        out.push({
          id: q.question_id,
          table: q.table_id,
          question: q.question,
          gold: q["answer-text"],
          stars: r.stars,
        });
      }
    },
    log,
  );
  return out;
}

/** The top answer of a question (probability mass summed over candidates that read alike) and its probability. */
function topAnswer(weights: Float64Array, r: Read): { key: string; p: number } {
  const p = softmax(r.example.rows.map((row) => dot(weights, row)));
  const mass = new Map<string, number>();
  r.keys.forEach((k, i) => k && mass.set(k, (mass.get(k) ?? 0) + p[i]));
  let best = { key: "", p: 0 };
  for (const [key, m] of mass) if (m > best.p || (m === best.p && key < best.key)) best = { key, p: m };
  return best;
}

/** Accuracy of the top answer, and the threshold that maximises right − WRONG_COST·wrong among answers given. */
function measure(weights: Float64Array, reads: Read[]) {
  const picks = reads.map((r) => {
    const top = topAnswer(weights, r);
    return { p: top.p, right: top.key !== "" && top.key === r.gold };
  });
  let best = { threshold: 0, utility: -Infinity };
  for (let t = 0; t <= 0.6; t += 0.02) {
    const given = picks.filter((x) => x.p >= t && x.p > 0);
    const utility = given.reduce((a, x) => a + (x.right ? 1 : -WRONG_COST), 0);
    if (utility > best.utility) best = { threshold: Math.round(t * 100) / 100, utility };
  }
  const em = picks.filter((x) => x.right).length / Math.max(1, picks.length);
  const answered = picks.filter((x) => x.p >= best.threshold && x.p > 0);
  const precision = answered.filter((x) => x.right).length / Math.max(1, answered.length);
  return { em, threshold: best.threshold, answeredShare: answered.length / Math.max(1, picks.length), precision };
}

const trainer: Trainer = {
  name: "helios-reader",
  after: ["helios-reranker"],
  async train({ seed, datasets, modelsDir, log }) {
    const questions = hybridQuestions(datasets);
    // HELIOS_READER_CACHE=FILE keeps the retrieved stars between runs (only features change).
    const cache = process.env.HELIOS_READER_CACHE;
    const retrieved =
      cache && existsSync(cache)
        ? (JSON.parse(readFileSync(cache, "utf8")) as Retrieved[]).slice(0, questions.length)
        : await retrieveAll(datasets, modelsDir, questions, log);
    if (cache && !existsSync(cache)) writeFileSync(cache, JSON.stringify(retrieved));
    const table = new FeatureTable();
    let candidates = 0;
    const reads = retrieved.map((r): Read => {
      const view = viewQuestion(r.question);
      const cands = readerCandidates(view, { question: r.question, stars: r.stars });
      candidates += cands.length;
      const keys = cands.map((c) => answerKey(c.text));
      const gold = answerKey(r.gold);
      const positives = keys.flatMap((k, i) => (k === gold ? [i] : []));
      return {
        table: r.table,
        gold,
        keys,
        example: { rows: [...cands.map((c) => table.row(c.features)), table.row(nullFeatures(view.wh))], positives },
      };
    });
    const train = reads.filter((r) => !heldOut(r.table));
    const test = reads.filter((r) => heldOut(r.table));
    const reachable = (rs: Read[]) => rs.filter((r) => r.example.positives.length > 0).length / Math.max(1, rs.length);
    log(
      `${train.length} training questions (gold among candidates ` +
        `for ${(100 * reachable(train)).toFixed(1)}%), ${test.length} held ` +
        `out, ${Math.round(candidates / reads.length)} candidates a question, ${table.names.length} features`,
    );
    const weights = fitReader(
      table,
      train.map((r) => r.example),
      { seed },
    );
    const vector = Float64Array.from(table.names.map((n) => weights[n] ?? 0));
    const draft: ReaderModel = { kind: "helios-reader", version: 1, threshold: 0, weights };
    const held = measure(vector, test);
    const fit = measure(vector, train);
    log(
      `held-out EM ${(100 * held.em).toFixed(1)}, ` +
        `threshold ${held.threshold} answers ${(100 * held.answeredShare).toFixed(1)}% at ` +
        `precision ${(100 * held.precision).toFixed(1)}; train EM ${(100 * fit.em).toFixed(1)}`,
    );
    const model: ReaderModel = { ...draft, threshold: held.threshold };
    return {
      description:
        "HELIOS local reader: log-linear scores of cell and passage-span candidates of the retrieved stars, " +
        "with a no-answer candidate and an abstention threshold",
      features: [
        "wh-class × candidate kind / source",
        "target noun × kind",
        "header, sentence, window and row coverage of the question",
        "linked cell's header",
        "star rank and score",
        "span length and position",
      ],
      sources: [
        {
          dataset: "hybridqa_train",
          split: "train",
          ids: [
            ...new Set(questions.flatMap((q) => [`wiki-table:${q.table_id}`, `hybridqa-question:${q.question_id}`])),
          ].sort(),
          examples: questions.length,
        },
      ],
      metrics: {
        heldOutEM: Math.round(1000 * held.em) / 10,
        heldOutPrecisionAnswered: Math.round(1000 * held.precision) / 10,
        heldOutAnsweredShare: Math.round(1000 * held.answeredShare) / 10,
        goldAmongCandidates: Math.round(1000 * reachable(reads)) / 10,
        threshold: held.threshold,
      },
      weights: model,
    };
  },
};

export default trainer;
