// GraphOTTER's own verdict (lib/core/reasoner/verdict/method-verdict.ts): GraphOTTER runs with its trained
// policy on the AIT-QA and HiTab tune splits and on the realworld suite's tune half (an
// out-of-scope question's answer is never right); a logistic model over its walk's evidence (cell
// and label probabilities, coverage, operation, cells reached…) is fitted, its score mapped to
// the observed rate of right answers by isotonic regression on out-of-fold scores (folds grouped
// by table or database), and the thresholds chosen on those out-of-fold confidences. A separate
// file from answer-confidence, so either is retrained without touching the other.
import { readFileSync, writeFileSync } from "node:fs";
import type { ConfidenceModel } from "../../../lib/core/reasoner/verdict/calibration.ts";
import type { TrainingSource } from "../../../lib/core/model/models-manifest.ts";
import { defaultEvalArgs, type EvalArgs } from "../../eval/args.mts";
import type { TrainContext, Trainer, TrainOutput } from "../trainer.mts";
import { withSqlWorkers } from "../trainer.mts";

/**
 * Answered answers must be right this often out of fold, over all three suites (the issue asks ≥ 85% on
 * each report split). 0.86 keeps each tune suite ≥ 85% out of fold; 0.88 halved HiTab's coverage.
 */
const PRECISION = 0.86;
/** Weak L2: the features are few and already bounded; 0.01 shrank the cell probability and blurred the ranking. */
const L2 = 0.001;
const FOLDS = 5;
type Example = { x: number[]; correct: boolean; source: string; suite: string };
type Collected = { all: Example[]; sources: TrainingSource[] };

const evalArgs = (suite: string, extra: Partial<EvalArgs> = {}): EvalArgs => ({
  ...defaultEvalArgs(),
  suite,
  method: "graphotter",
  ...extra,
});

const trainer: Trainer = {
  name: "graphotter-verdict",
  after: ["graphotter-policy"],
  async train(context) {
    return withSqlWorkers(() => train(context));
  },
};

async function collect(log: (m: string) => void): Promise<Collected> {
  const { useEvalDataDir } = await import("../../eval/datasets.mts");
  useEvalDataDir(process.env.TRAIN_DATA_DIR ?? null);
  const { GRAPHOTTER_VERDICT, vectorOf } = await import("../../../lib/core/reasoner/verdict/method-verdict.ts");
  const examples = (records: Array<{ signals?: unknown; correct: boolean | null; source: string }>, suite: string) =>
    records.flatMap((r) => {
      const own = (r.signals as { own?: Record<string, number> } | undefined)?.own;
      return own && r.correct !== null
        ? [{ x: vectorOf(GRAPHOTTER_VERDICT, own), correct: r.correct, source: r.source, suite }]
        : [];
    });
  const { runAitqa } = await import("../../eval/suites/aitqa.mts");
  const { runHitab } = await import("../../eval/suites/hitab.mts");
  const { runRealworld } = await import("../../eval/suites/realworld.mts");
  const aitqa = (await runAitqa(evalArgs("aitqa"))).records;
  const hitab = (await runHitab(evalArgs("hitab"))).records;
  const realworld = (await runRealworld(evalArgs("realworld"))).records.map((r) => ({
    ...r,
    correct: r.outOfScope ? false : r.correct,
  }));
  const all = [...examples(aitqa, "aitqa"), ...examples(hitab, "hitab"), ...examples(realworld, "realworld")];
  log(`answers: aitqa ${aitqa.length}, hitab ${hitab.length}, realworld ${realworld.length}`);
  const ids = (rs: Array<{ source: string }>, f: (s: string) => string) => [...new Set(rs.map((r) => f(r.source)))];
  return {
    all,
    sources: [
      { dataset: "aitqa", split: "tune", ids: ids(aitqa, (s) => `aitqa-table:${s}`), examples: aitqa.length },
      { dataset: "hitab", split: "tune", ids: ids(hitab, (s) => `hitab-table:${s}`), examples: hitab.length },
      {
        dataset: "realworld",
        split: "tune",
        ids: ids(realworld, (s) => `realworld-db:${s.split(/[/.]/)[0]}`),
        examples: realworld.length,
      },
    ],
  };
}

async function train({ log }: TrainContext): Promise<TrainOutput> {
  // GRAPHOTTER_VERDICT_DUMP=file keeps the examples; GRAPHOTTER_VERDICT_FROM_DUMP=file refits from them.
  const fromDump = process.env.GRAPHOTTER_VERDICT_FROM_DUMP;
  const { all, sources }: Collected = fromDump ? JSON.parse(readFileSync(fromDump, "utf8")) : await collect(log);
  if (process.env.GRAPHOTTER_VERDICT_DUMP)
    writeFileSync(process.env.GRAPHOTTER_VERDICT_DUMP, JSON.stringify({ all, sources }));
  const fit = await import("../../../lib/core/reasoner/verdict/fit.ts");
  const { sigmoid } = await import("../../../lib/core/reasoner/verdict/calibration.ts");
  const { hashString } = await import("../../../lib/core/text/hash.ts");
  const { GRAPHOTTER_VERDICT_FEATURES } = await import("../../../lib/core/reasoner/verdict/method-verdict.ts");
  const X = all.map((e) => e.x);
  const y = all.map((e) => (e.correct ? 1 : 0));
  const fold = all.map((e) => hashString(`${e.suite}:${e.source}`) % FOLDS);
  const score = (m: ReturnType<typeof fit.fitLogistic>, x: number[]) =>
    sigmoid(m.bias + x.reduce((s, v, j) => s + m.weights[j] * ((v - m.mean[j]) / m.scale[j]), 0));
  const oof = new Array<number>(all.length).fill(0);
  for (let f = 0; f < FOLDS; f++) {
    const train = all.map((_, i) => i).filter((i) => fold[i] !== f);
    const m = fit.fitLogistic(
      train.map((i) => X[i]),
      train.map((i) => y[i]),
      { l2: L2, iterations: 2000 },
    );
    all.forEach((_, i) => {
      if (fold[i] === f) oof[i] = score(m, X[i]);
    });
  }
  const isotonic = fit.fitIsotonic(oof, y);
  const { interpolate } = await import("../../../lib/core/reasoner/verdict/calibration.ts");
  const conf = oof.map((s) => interpolate(isotonic.x, isotonic.y, s));
  const answered = fit.answeredThreshold(
    conf,
    y,
    conf.map(() => true),
    PRECISION,
    20,
  );
  const unsure = fit.noAnswerThreshold(conf, y, 0.1, answered);
  const full = fit.fitLogistic(X, y, { l2: L2, iterations: 2000 });
  const metrics: Record<string, number> = { examples: all.length, ece: round(fit.expectedCalibrationError(conf, y)) };
  for (const suite of ["all", "aitqa", "hitab", "realworld"]) {
    const idx = all.map((e, i) => (suite === "all" || e.suite === suite ? i : -1)).filter((i) => i >= 0);
    const ans = idx.filter((i) => conf[i] >= answered);
    metrics[`${suite}:accuracy`] = round(idx.filter((i) => y[i]).length / Math.max(1, idx.length));
    metrics[`${suite}:coverage`] = round(ans.length / Math.max(1, idx.length));
    metrics[`${suite}:answeredAccuracy`] = round(ans.filter((i) => y[i]).length / Math.max(1, ans.length));
  }
  log(`out of fold: ${JSON.stringify(metrics)}; thresholds answered ${answered}, unsure ${unsure}`);
  const model: ConfidenceModel = {
    format: "tablesight.answer-confidence",
    version: 1,
    features: [...GRAPHOTTER_VERDICT_FEATURES],
    ...full,
    isotonic,
    thresholds: { answered, unsure },
  };
  return {
    description:
      "GraphOTTER's verdict from its own walk (cell and label probabilities, runner-up, coverage, operation, cells " +
      "reached, header matches): logistic model + isotonic calibration; thresholds on out-of-fold tune confidences.",
    features: [...GRAPHOTTER_VERDICT_FEATURES],
    sources,
    metrics,
    weights: model,
  };
}

const round = (v: number) => Math.round(v * 10000) / 10000;

export default trainer;
