// HELIOS's verdict model: the answer-confidence model's form (logistic score → isotonic map →
// thresholds) over HELIOS's own evidence (lib/core/reasoner/verdict/helios-evidence.ts), fitted on HELIOS
// tune data only: the ottqa tune half, and hybridqa_train's held-out tables (the eighth that neither
// the rerankers nor the reader trained on). Re-fitted after them, on the reader that is current.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  answerSignals,
  confidenceModelSchema,
  HELIOS_VERDICT_FEATURES,
  heliosEvidenceVector,
  verdictFor,
  type ConfidenceModel,
} from "../../../lib/core/reasoner/verdict/index.ts";
import { interpolate, sigmoid } from "../../../lib/core/reasoner/verdict/calibration.ts";
import * as fit from "../../../lib/core/reasoner/verdict/fit.ts";
import { buildHeliosIndex, type HeliosIndex } from "../../../lib/core/methods/helios/graph-index.ts";
import { readerModelSchema } from "../../../lib/core/methods/helios/reader-model.ts";
import { rerankModelSchema } from "../../../lib/core/methods/helios/rerank-model.ts";
import type { HeliosPorts } from "../../../lib/core/methods/helios/ports.ts";
import { runHelios } from "../../../lib/core/methods/helios/run-helios.ts";
import { hashString } from "../../../lib/core/text/hash.ts";
import { createRecorder } from "../../../lib/core/trace/recorder.ts";
import { exactMatch } from "../../eval/helios-metrics.mts";
import { loadOttqaCorpus } from "../../eval/ottqa-corpus.mts";
import { forEachChunk, heldOut, hybridQuestions } from "../helios-data.mts";
import type { Trainer } from "../trainer.mts";

/** HELIOS answers called "answered" must be right this often on tune data (out of fold). */
const TARGET_PRECISION = 0.85;
const FOLDS = 5;
const round = (v: number) => Math.round(v * 10000) / 10000;

type Example = { x: number[]; right: boolean; eligible: boolean; group: string; suite: string };

function load<T>(modelsDir: string, name: string, schema: { parse(x: unknown): T }): T | undefined {
  const file = path.join(modelsDir, `${name}.json`);
  return existsSync(file) ? schema.parse(JSON.parse(readFileSync(file, "utf8"))) : undefined;
}

/** Asks one question and returns its evidence vector, whether the answer is right and whether the checks pass. */
async function example(
  index: HeliosIndex,
  models: Pick<HeliosPorts, "readerModel" | "rerankModel">,
  q: { question: string; gold: string; group: string; suite: string },
): Promise<Example | null> {
  const sink = createRecorder();
  const r = await runHelios(q.question, {}, { index, reasoner: "local", ...models }, sink);
  if (!r.answer.values.length) return null; // the reader abstained: nothing to judge
  const input = {
    question: q.question,
    method: "helios",
    reasoner: "local",
    answer: r.answer,
    events: sink.events,
    schema: null,
    maxAnswerRows: null,
  };
  const signals = answerSignals(input);
  return {
    x: heliosEvidenceVector(sink.events, r.answer, signals),
    right: exactMatch(r.answer.text, q.gold),
    eligible: signals.failed.length === 0,
    group: q.group,
    suite: q.suite,
  };
}

/** Out-of-fold raw probabilities, folds grouped by table. */
function outOfFold(X: number[][], y: number[], groups: string[]): number[] {
  const fold = groups.map((g) => hashString(g) % FOLDS);
  const out = new Array<number>(X.length).fill(0);
  for (let f = 0; f < FOLDS; f++) {
    const train = X.map((_, i) => i).filter((i) => fold[i] !== f);
    const m = fit.fitLogistic(
      train.map((i) => X[i]),
      train.map((i) => y[i]),
    );
    X.forEach((x, i) => {
      if (fold[i] === f)
        out[i] = sigmoid(m.bias + x.reduce((s, v, j) => s + m.weights[j] * ((v - m.mean[j]) / m.scale[j]), 0));
    });
  }
  return out;
}

const trainer: Trainer = {
  name: "helios-verdict",
  after: ["helios-reader"],
  async train({ datasets, modelsDir, log }) {
    const models = {
      readerModel: load(modelsDir, "helios-reader", readerModelSchema),
      rerankModel: load(modelsDir, "helios-reranker", rerankModelSchema),
    };
    const examples: Example[] = [];
    const root = path.join(datasets, "ottqa_hybridqa_sample");
    // HELIOS_VERDICT_DUMP=file keeps the collected examples; HELIOS_VERDICT_FROM_DUMP=file refits
    // from them without asking the questions again (the general model's CONFIDENCE_DUMP, for HELIOS).
    const fromDump = process.env.HELIOS_VERDICT_FROM_DUMP;
    const ott = JSON.parse(readFileSync(path.join(root, "ottqa_dev_questions.json"), "utf8")) as Array<{
      question_id: string;
      question: string;
      table_id: string;
      "answer-text": string;
    }>;
    // SPLITS.md: the even question indices are ottqa's tune half.
    const tune = ott.filter((_, i) => i % 2 === 0);
    const held = hybridQuestions(datasets).filter((q) => heldOut(q.table_id));
    if (fromDump) examples.push(...(JSON.parse(readFileSync(fromDump, "utf8")) as Example[]));
    else await collect(tune, held);
    if (process.env.HELIOS_VERDICT_DUMP) writeFileSync(process.env.HELIOS_VERDICT_DUMP, JSON.stringify(examples));
    async function collect(tune: typeof ott, held: ReturnType<typeof hybridQuestions>) {
      const ottIndex = buildHeliosIndex(loadOttqaCorpus(root));
      for (const q of tune) {
        const e = await example(ottIndex, models, {
          question: q.question,
          gold: q["answer-text"],
          group: `ottqa:${q.table_id}`,
          suite: "ottqa",
        });
        if (e) examples.push(e);
      }
      log(`ottqa tune: ${examples.length} answers`);
      await forEachChunk(
        datasets,
        held,
        async (index, qs) => {
          for (const q of qs) {
            const e = await example(index, models, {
              question: q.question,
              gold: q["answer-text"],
              group: `hybridqa:${q.table_id}`,
              suite: "hybridqa",
            });
            if (e) examples.push(e);
          }
        },
        log,
      );
    }
    const X = examples.map((e) => e.x);
    const y = examples.map((e) => (e.right ? 1 : 0));
    const oofRaw = outOfFold(
      X,
      y,
      examples.map((e) => e.group),
    );
    const isotonic = fit.fitIsotonic(oofRaw, y);
    const oof = oofRaw.map((p) => interpolate(isotonic.x, isotonic.y, p));
    const answered = fit.answeredThreshold(
      oof,
      y,
      examples.map((e) => e.eligible),
      TARGET_PRECISION,
    );
    const unsure = Math.min(fit.noAnswerThreshold(oof, y, 0.1, answered), answered);
    const final = fit.fitLogistic(X, y);
    const model: ConfidenceModel = confidenceModelSchema.parse({
      format: "tablesight.answer-confidence",
      version: 1,
      features: [...HELIOS_VERDICT_FEATURES],
      mean: final.mean,
      scale: final.scale,
      weights: final.weights,
      bias: final.bias,
      isotonic,
      thresholds: { answered, unsure },
    });
    const verdicts = oof.map((c, i) =>
      verdictFor(c, examples[i].eligible ? [] : [{ id: "method-warning", hard: false, reason: "" }], model.thresholds),
    );
    const metrics: Record<string, number> = { examples: examples.length };
    for (const suite of ["all", "ottqa", "hybridqa"]) {
      const idx = examples.map((e, i) => (suite === "all" || e.suite === suite ? i : -1)).filter((i) => i >= 0);
      const ans = idx.filter((i) => verdicts[i] === "answered");
      metrics[`${suite}.accuracy`] = round(idx.filter((i) => y[i]).length / Math.max(1, idx.length));
      metrics[`${suite}.coverage`] = round(ans.length / Math.max(1, idx.length));
      metrics[`${suite}.answeredAccuracy`] = round(ans.filter((i) => y[i]).length / Math.max(1, ans.length));
      metrics[`${suite}.ece`] = round(
        fit.expectedCalibrationError(
          idx.map((i) => oof[i]),
          idx.map((i) => y[i]),
        ),
      );
    }
    metrics.answeredThreshold = round(answered);
    metrics.unsureThreshold = round(unsure);
    log(JSON.stringify(metrics));
    return {
      description:
        "HELIOS verdict: logistic + isotonic confidence from HELIOS's own evidence (reader probability and margin, " +
        "agreement of the top spans, the supporting passage, the star's rank), thresholds on out-of-fold tune answers",
      features: [...HELIOS_VERDICT_FEATURES],
      sources: [
        {
          dataset: "ottqa sample",
          split: "tune",
          ids: tune.map((q) => `ottqa-question:${q.question_id}`).sort(),
          examples: tune.length,
        },
        {
          dataset: "hybridqa_train",
          split: "train",
          ids: [...new Set(held.map((q) => `hybridqa-question:${q.question_id}`))].sort(),
          examples: held.length,
        },
      ],
      metrics,
      weights: model,
    };
  },
};

export default trainer;
