// Schema linker: a (question, column) classifier trained on Spider train's gold SQL columns.
// BIRD's tune databases add described, row-less schemas. The cut (the probability from which a
// column is linked) is chosen on the held-out spider tune databases to maximise schema F2;
// nothing of a report split is read.
import { LINK_FEATURES } from "../../../lib/core/reasoner/schema/linking/features.ts";
import { linkedAt } from "../../../lib/core/reasoner/schema/linking/linker.ts";
import { trainBoosted } from "../../../lib/core/reasoner/schema/linking/boosted.ts";
import { predictProbability, type LinkerWeights } from "../../../lib/core/reasoner/schema/linking/model.ts";
import { loadEnglishLexicon } from "../../../lib/core/text/lexicon.ts";
import { BIRD_TUNE_DBS, SPIDER_TUNE_DBS } from "../../eval/splits.mts";
import { birdExamples } from "../schema-linker/bird.mts";
import path from "node:path";
import type { Trainer } from "../trainer.mts";
import {
  sqliteExamples,
  spiderDevQuestions,
  realworldTuneExamples,
  spiderTrainQuestions,
  type QuestionExamples,
} from "../schema-linker/examples.mts";

/** Mean per-question recall, precision and F2 of the linked columns at a cut. */
export function scoreAt(
  weights: LinkerWeights,
  questions: QuestionExamples[],
  cut: number,
): { recall: number; precision: number; f2: number } {
  let r = 0;
  let p = 0;
  let f = 0;
  for (const q of questions) {
    const links = q.x.map((x, i) => ({ i, probability: predictProbability(weights, x) }));
    const picked = linkedAt(links, cut);
    const tp = picked.filter((l) => q.y[l.i] === 1).length;
    const gold = q.y.filter((v) => v === 1).length;
    const rec = gold ? tp / gold : 0;
    const prec = picked.length ? tp / picked.length : 0;
    r += rec;
    p += prec;
    f += rec + prec > 0 ? (5 * prec * rec) / (4 * prec + rec) : 0;
  }
  const n = questions.length || 1;
  return { recall: r / n, precision: p / n, f2: f / n };
}

const pct = (x: number) => Math.round(x * 1000) / 10;
/** How many times each realworld tune question counts. */
const REALWORLD_WEIGHT = 5;

const trainer: Trainer = {
  name: "schema-linker",
  async train({ datasets, log }) {
    const isWord = await loadEnglishLexicon();
    const trainQuestions = spiderTrainQuestions(datasets);
    log(`spider_train: ${trainQuestions.length} questions`);
    const train = sqliteExamples(path.join(datasets, "spider_train", "databases"), trainQuestions, isWord, log);
    const tune = sqliteExamples(
      path.join(datasets, "spider", "databases"),
      spiderDevQuestions(datasets, SPIDER_TUNE_DBS),
      isWord,
      log,
    );
    // BIRD's tune databases teach what described, row-less schemas and SQL-like evidence look like.
    const bird = birdExamples(datasets, BIRD_TUNE_DBS, isWord);
    // The realworld suite's tune half teaches analysts' wording (weighted: 100 questions against 7,000).
    const realworld = await realworldTuneExamples(isWord, log);
    const weighted = [...train, ...bird, ...Array.from({ length: REALWORLD_WEIGHT }, () => realworld).flat()];
    const x = weighted.flatMap((q) => q.x);
    const y = weighted.flatMap((q) => q.y);
    log(
      `${train.length} questions, ${x.length} (question, column) pairs, ${y.filter(Boolean).length} linked; ` +
        `tune ${tune.length} questions`,
    );
    // Boosted trees over logistic regression: on the spider tune split they reached schema F2 86.1
    // against 85.1 (the features interact: a key column counts when an identifier is asked for…).
    const weights: LinkerWeights = {
      kind: "boosted-trees",
      features: [...LINK_FEATURES],
      model: trainBoosted(x, y, { trees: 100, depth: 4, learningRate: 0.15 }),
      cut: 0.5,
    };
    let best = { cut: 0.5, f2: -1 };
    for (let cut = 0.05; cut <= 0.9 + 1e-9; cut += 0.025) {
      // Held-out data only: the bird tune databases are training data here, so their F2 is in-sample.
      const s = scoreAt(weights, tune, cut);
      if (s.f2 > best.f2 + 1e-9) best = { cut: Math.round(cut * 1000) / 1000, f2: s.f2 };
    }
    weights.cut = best.cut;
    const onTune = scoreAt(weights, tune, best.cut);
    const onTrain = scoreAt(weights, train, best.cut);
    const onBird = scoreAt(weights, bird, best.cut);
    const trainDbs = [...new Set(train.map((q) => q.db))].sort();
    const tuneDbs = [...new Set(tune.map((q) => q.db))].sort();
    return {
      description:
        "Schema linking: boosted trees (100, depth 4) over (question, column) features; " +
        "P(column is in the gold SQL). Trained on spider_train, the bird tune databases and the realworld tune half; " +
        "cut chosen for schema F2 on the spider tune split (held out).",
      features: [...LINK_FEATURES],
      sources: [
        { dataset: "spider_train", split: "train", ids: trainDbs.map((d) => `spider-db:${d}`), examples: x.length },
        {
          dataset: "bird_minidev tune split",
          split: "tune",
          ids: BIRD_TUNE_DBS.map((d) => `bird-db:${d}`),
          examples: bird.reduce((n, q) => n + q.y.length, 0),
        },
        {
          dataset: "realworld",
          split: "tune",
          ids: [...new Set(realworld.map((q) => `realworld-db:${q.db.replace(/^realworld:/, "")}`))],
          examples: realworld.reduce((n, q) => n + q.y.length, 0),
        },
        {
          dataset: "spider tune split (cut only)",
          split: "tune",
          ids: tuneDbs.map((d) => `spider-db:${d}`),
          examples: tune.reduce((n, q) => n + q.y.length, 0),
        },
      ],
      metrics: {
        cut: best.cut,
        tuneRecall: pct(onTune.recall),
        tunePrecision: pct(onTune.precision),
        tuneF2: pct(onTune.f2),
        trainRecall: pct(onTrain.recall),
        trainPrecision: pct(onTrain.precision),
        trainF2: pct(onTrain.f2),
        birdTuneInSampleF2: pct(onBird.f2),
        birdTuneQuestions: bird.length,
        trainQuestions: train.length,
        tuneQuestions: tune.length,
      },
      weights,
    };
  },
};

export default trainer;
