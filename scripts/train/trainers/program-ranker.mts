// Trains the program ranker (lib/core/reasoner/rank) on Spider train: candidates of FGTR's local
// answer step labelled by execution against the gold result; a log-linear model by marginal
// likelihood (Pasupat & Liang 2015). Held-out train databases give the metrics.
import { programRankerSchema, rankOrder, type ProgramRanker } from "../../../lib/core/reasoner/rank/index.ts";
import { questionParse } from "../../../lib/core/reasoner/rank/choose.ts";
import { candidateFeatures } from "../../../lib/core/reasoner/rank/rank.ts";
import {
  FeatureIndex,
  scoreCompact,
  trainLogLinear,
  type CompactVector,
} from "../../../lib/core/reasoner/rank/train.ts";
import { useEvalDataDir } from "../../eval/datasets.mts";
import { labelSpiderDb, spiderTrainItems, type LabelledQuestion } from "../program-data.mts";
import { labelRealworldTune } from "../realworld-data.mts";
import type { Trainer, TrainOutput } from "../trainer.mts";
import { withSqlWorkers } from "../trainer.mts";

const EXECUTE = 5;
/** How many times each realworld tune question counts (about as much as Spider's 1,300 in all). */
const REALWORLD_WEIGHT = 3;
const PER_DB = Number(process.env.PROGRAM_RANKER_PER_DB ?? 40);
// Databases spread over Spider train's sorted list, of which the first TAKE_DBS are used.
const SPREAD_DBS = 40;
const TAKE_DBS = Number(process.env.PROGRAM_RANKER_DBS ?? 40);

type Group = { db: string; static: CompactVector[]; full: CompactVector[]; positive: boolean[]; fromRules: boolean[] };

function featurize(q: LabelledQuestion, index: FeatureIndex): Group {
  const parse = questionParse(q.question);
  const f = q.candidates.map((c) => candidateFeatures(q.question, c, c.denotation, parse));
  return {
    db: q.db,
    static: f.map((x) => index.compact(x.static)),
    full: f.map((x) => index.compact(x.full)),
    positive: q.candidates.map((c) => c.positive),
    fromRules: q.candidates.map((c) => c.shape.fromRules),
  };
}

/** The executed candidates of a group and their full scores, as rankPrograms computes them. */
function executed(
  g: Group,
  model: ProgramRanker,
  index: FeatureIndex,
): { top: number[]; scores: number[]; rules: number } {
  const top = rankOrder(g.static.map((f) => scoreCompact(model.static, index, f))).slice(0, model.execute);
  const rules = g.fromRules.indexOf(true);
  if (rules >= 0 && !top.includes(rules)) top[top.length - 1] = rules;
  return { top, scores: top.map((i) => scoreCompact(model.full, index, g.full[i])), rules };
}

/** Share of groups whose chosen candidate is a positive, for each margin given. */
function accuracies(groups: Group[], model: ProgramRanker, index: FeatureIndex, margins: number[]): number[] {
  const right = margins.map(() => 0);
  for (const g of groups) {
    const { top, scores, rules } = executed(g, model, index);
    margins.forEach((m, mi) => {
      const s = scores.map((x, i) => (top[i] === rules ? x + m : x));
      if (g.positive[top[rankOrder(s)[0]]]) right[mi]++;
    });
  }
  return right.map((r) => percent(r, groups.length));
}

const MARGINS = [0, 0.5, 1, 2, 3, 4, 6, 8];

/** The margin with the best accuracy over database folds of the training groups (ties: smaller). */
function chooseMargin(
  groups: Group[],
  index: FeatureIndex,
  fit: (gs: Group[], margin: number) => ProgramRanker,
): number {
  const dbs = [...new Set(groups.map((g) => g.db))].sort();
  const total = MARGINS.map(() => 0);
  for (let k = 0; k < 3; k++) {
    const test = new Set(dbs.filter((_, i) => i % 3 === k));
    const model = fit(
      groups.filter((g) => !test.has(g.db)),
      0,
    );
    const testGroups = groups.filter((g) => test.has(g.db));
    accuracies(testGroups, model, index, MARGINS).forEach((a, i) => (total[i] += a * testGroups.length));
  }
  return MARGINS[total.indexOf(Math.max(...total))];
}

const percent = (a: number, b: number) => (b ? Math.round((1000 * a) / b) / 10 : 0);

async function trainOn(seed: number, datasets: string, log: (m: string) => void): Promise<TrainOutput> {
  const items = spiderTrainItems(datasets, PER_DB, SPREAD_DBS, TAKE_DBS);
  const dbs = [...new Set(items.map((i) => i.db_id))].sort();
  const index = new FeatureIndex();
  const groups: Group[] = [];
  for (const [i, db] of dbs.entries()) {
    groups.push(
      ...(
        await labelSpiderDb(
          datasets,
          db,
          items.filter((x) => x.db_id === db),
          log,
        )
      ).map((q) => featurize(q, index)),
    );
    if (i % 5 === 4) log(`${i + 1}/${dbs.length} databases, ${groups.length} questions`);
  }
  // The realworld suite's tune half: analysts' questions over databases unlike Spider's, weighted
  // so that they count as much as a few Spider databases would (its report half is never read).
  const realworld = (await labelRealworldTune(log)).map((q) => featurize(q, index));
  log(
    `realworld tune: ${realworld.length} questions, ` +
      `${realworld.filter((g) => g.positive.some(Boolean)).length} with a right candidate`,
  );
  for (let i = 0; i < REALWORLD_WEIGHT; i++) groups.push(...realworld);
  // Every seventh database is held out for the metrics.
  const heldDbs = new Set(dbs.filter((_, i) => i % 7 === 3));
  const train = groups.filter((g) => !heldDbs.has(g.db));
  const held = groups.filter((g) => heldDbs.has(g.db));
  const options = { epochs: 6, learningRate: 0.1, l2: 1e-4, seed };
  const fit = (gs: Group[], margin: number): ProgramRanker =>
    programRankerSchema.parse({
      format: "tablesight.program-ranker",
      version: 1,
      execute: EXECUTE,
      margin,
      static: trainLogLinear(
        gs.map((g) => ({ features: g.static, positive: g.positive })),
        index,
        options,
      ),
      full: trainLogLinear(
        gs.map((g) => ({ features: g.full, positive: g.positive })),
        index,
        options,
      ),
    });
  const margin = chooseMargin(train, index, fit);
  const heldModel = fit(train, margin);
  log(`margin ${margin}`);
  const metrics = {
    questions: groups.length,
    candidatesPerQuestion:
      Math.round((10 * groups.reduce((a, g) => a + g.static.length, 0)) / Math.max(1, groups.length)) / 10,
    heldOutQuestions: held.length,
    heldOutOracle: percent(held.filter((g) => g.positive.some(Boolean)).length, held.length),
    heldOutRules: percent(held.filter((g) => g.positive[g.fromRules.indexOf(true)] ?? false).length, held.length),
    heldOutRanker: accuracies(held, heldModel, index, [margin])[0],
    heldOutRankerNoMargin: accuracies(held, heldModel, index, [0])[0],
    trainRanker: accuracies(train, heldModel, index, [margin])[0],
    margin,
  };
  log(JSON.stringify(metrics));
  return {
    description:
      "Log-linear ranker of the local answer step's candidate programs (static and with-denotation weights), " +
      "trained on Spider train and the realworld suite's tune half by execution match",
    features: [
      "question lead words, content words and bigrams × program shape tags",
      "linking of the program's columns (vote share, name overlap, key, name column, table)",
      "answer type × question lead; joins",
      "denotation: row count, columns, null, numeric, × lead and kind",
    ],
    sources: [
      {
        dataset: "spider_train",
        split: "train",
        ids: dbs.map((d) => `spider-db:${d}`),
        examples: groups.length - REALWORLD_WEIGHT * realworld.length,
      },
      {
        dataset: "realworld",
        split: "tune",
        ids: [...new Set(realworld.map((g) => g.db))].map((d) => `realworld-db:${d.replace(/^realworld:/, "")}`),
        examples: realworld.length,
      },
    ],
    metrics,
    weights: fit(groups, margin),
  };
}

const trainer: Trainer = {
  name: "program-ranker",
  async train({ seed, datasets, log }) {
    useEvalDataDir(process.env.TRAIN_DATA_DIR ?? null);
    return withSqlWorkers(() => trainOn(seed, datasets, log), { closeAppDb: true });
  },
};

export default trainer;
