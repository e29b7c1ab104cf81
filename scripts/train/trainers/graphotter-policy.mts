// GraphOTTER's learned local policy (lib/core/methods/graphotter/policy-model.ts), trained on the
// AIT-QA and HiTab tune splits and on generated two-level tables, never on a report split:
//   label     which cells a question names (logistic; gold: HiTab's linked cells, the named headers
//             of AIT-QA's and the generated tables' answer cells)
//   cell      which body cell a lookup lands on (logistic over header-path features; label
//             probabilities cross-fitted so the cell model never trusts a label model that saw its table)
//   operation what the question does with the cells (multinomial over words; HiTab's aggregations)
//   action    which of the four actions to take (conditional logit over candidate actions, by
//             imitation of an oracle that walks to the gold cells, plus one round of DAgger)
import type { GraphotterModel } from "../../../lib/core/methods/graphotter/policy-model.ts";
import type { TrainContext, Trainer, TrainOutput } from "../trainer.mts";
import { withSqlWorkers } from "../trainer.mts";

const FOLDS = 5;
/** Generated questions weigh less than people's: they teach the operations, not the phrasing. */
const GENERATED_WEIGHT = 0.5;
const OPERATION_WALK_WEIGHT = 3;

const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

const trainer: Trainer = {
  name: "graphotter-policy",
  after: ["lexical-relations"],
  async train(context) {
    return withSqlWorkers(() => train(context));
  },
};

async function train({ datasets, log }: TrainContext): Promise<TrainOutput> {
  const { useEvalDataDir } = await import("../../eval/datasets.mts");
  useEvalDataDir(process.env.TRAIN_DATA_DIR ?? null);
  const { ensureLexicalRelations } = await import("../../../lib/server/models/lexical-relations.ts");
  ensureLexicalRelations();
  const { hitabTune, aitqaTune } = await import("../graphotter/examples.mts");
  const { generatedQuestions } = await import("../graphotter/generate.mts");
  const { labelRows, namedLabels, cellGroups } = await import("../graphotter/collect.mts");
  const { fitLinear, fitSoftmax, fitConditionalLogit, fitRanker } = await import("../graphotter/fit.mts");
  const { rollout } = await import("../graphotter/rollout.mts");
  const pm = await import("../../../lib/core/methods/graphotter/policy-model.ts");
  const { LABEL_FEATURES } = await import("../../../lib/core/methods/graphotter/label-features.ts");
  const { CELL_FEATURES } = await import("../../../lib/core/methods/graphotter/cell-features.ts");
  const { ACTION_FEATURES } = await import("../../../lib/core/methods/graphotter/action-features.ts");
  const { OPERATION_CLASSES, operationFeatures } = await import("../../../lib/core/methods/graphotter/operation.ts");

  const t0 = performance.now();
  const hitab = await hitabTune(datasets);
  log(`hitab tune: ${hitab.length} questions`);
  const aitqa = await aitqaTune(datasets);
  log(`aitqa tune: ${aitqa.length} questions`);
  const generated = generatedQuestions(20261124);
  log(`generated: ${generated.length} questions over ${new Set(generated.map((g) => g.table)).size} tables`);
  const all = [...hitab, ...aitqa, ...generated];
  const weight = (ex: { suite: string }) => (ex.suite === "generated" ? GENERATED_WEIGHT : 1);
  // The walk of an operation beyond a lookup (a second operand, both options, a group's line) is
  // rarer in the data than a lookup's one step: its decisions weigh more in the action model.
  const walkWeight = (ex: { suite: string; operation: string | null }) =>
    weight(ex) * (ex.operation && ex.operation !== "lookup" ? OPERATION_WALK_WEIGHT : 1);
  const fold = (ex: { table: string }) => hash(ex.table) % FOLDS;

  // Associations learned from people's questions only, cross-fitted: a question's features never
  // use associations learned from its own table.
  const { learnAssociations, learnTermWeights } = await import("../graphotter/associations.mts");
  const people = all.filter((ex) => ex.suite !== "generated");
  const associations = Array.from({ length: FOLDS }, (_, f) =>
    learnAssociations(people.filter((ex) => fold(ex) !== f)),
  );
  const termWeights = Array.from({ length: FOLDS }, (_, f) => learnTermWeights(people.filter((ex) => fold(ex) !== f)));
  const labelData = all.map((ex) => ({
    ex,
    rows: labelRows(ex, namedLabels, associations[fold(ex)], termWeights[fold(ex)]),
  }));
  const fitLabels = (keep: (f: number) => boolean) => {
    const parts = labelData.filter((d) => keep(fold(d.ex)));
    return fitLinear(
      LABEL_FEATURES,
      parts.flatMap((d) => d.rows.X),
      parts.flatMap((d) => d.rows.y),
      { sampleWeights: parts.flatMap((d) => d.rows.y.map(() => weight(d.ex))) },
    );
  };
  const base = pm.UNTRAINED_GRAPHOTTER_MODEL;
  const operationData = all
    .filter((ex) => ex.operation !== null)
    .map((ex) => ({ features: operationFeatures(ex.question), label: ex.operation!, weight: weight(ex), f: fold(ex) }));
  const fitOperations = (keep: (f: number) => boolean) =>
    fitSoftmax(
      operationData.filter((d) => keep(d.f)),
      OPERATION_CLASSES,
      { minCount: 2, l2: 1e-3, iterations: 250 },
    );
  // Cross-fitted label and operation models, one per fold.
  const foldModels: GraphotterModel[] = [];
  for (let f = 0; f < FOLDS; f++)
    foldModels.push({
      ...base,
      label: fitLabels((g) => g !== f),
      operation: fitOperations((g) => g !== f),
      associations: associations[f],
      termWeights: termWeights[f],
    });
  log(`label and operation models fitted (5 folds, ${Math.round(performance.now() - t0)} ms)`);
  const cellData = all.map((ex) => ({ ex, groups: cellGroups(ex, foldModels[fold(ex)]) }));
  log(`cell candidates read (${Math.round(performance.now() - t0)} ms)`);
  // GRAPHOTTER_CELL_DUMP=file keeps the cell rows (to study the cell model offline).
  if (process.env.GRAPHOTTER_CELL_DUMP) {
    const { writeFileSync } = await import("node:fs");
    const rows = cellData.map((d) => ({ suite: d.ex.suite, table: d.ex.table, fold: fold(d.ex), groups: d.groups }));
    writeFileSync(process.env.GRAPHOTTER_CELL_DUMP, JSON.stringify(rows));
  }
  const fitCells = (keep: (f: number) => boolean) =>
    fitRanker(
      CELL_FEATURES,
      cellData
        .filter((d) => keep(fold(d.ex)))
        .flatMap((d) => d.groups.map((g) => ({ ...g, weight: g.weight * weight(d.ex) }))),
    );
  for (let f = 0; f < FOLDS; f++) foldModels[f] = { ...foldModels[f], cell: fitCells((g) => g !== f) };
  log(
    `cell model fitted on ${cellData.reduce((s, d) => s + d.groups.length, 0)} gold cells ` +
      `(${Math.round(performance.now() - t0)} ms)`,
  );

  // Actions: imitate the oracle, then once more following the first policy (DAgger).
  const decisions = [];
  for (const ex of all)
    decisions.push(
      ...(await rollout(ex, foldModels[fold(ex)], "oracle")).decisions.map((d) => ({ ...d, weight: walkWeight(ex) })),
    );
  let action = fitConditionalLogit(ACTION_FEATURES, decisions);
  log(`oracle walks done (${Math.round(performance.now() - t0)} ms)`);
  for (const ex of all) {
    const m = { ...foldModels[fold(ex)], action };
    decisions.push(...(await rollout(ex, m, "model")).decisions.map((d) => ({ ...d, weight: walkWeight(ex) })));
  }
  action = fitConditionalLogit(ACTION_FEATURES, decisions);
  log(`action model fitted on ${decisions.length} decisions`);

  const model: GraphotterModel = {
    format: "tablesight.graphotter-policy",
    version: 1,
    label: fitLabels(() => true),
    cell: fitCells(() => true),
    operation: fitOperations(() => true),
    action,
    associations: learnAssociations(people),
    termWeights: learnTermWeights(people),
  };
  const metrics = await heldOut(all, foldModels, action, fold);
  log(`held out: ${JSON.stringify(metrics)}`);
  const tables = (suite: string, kind: string) => [
    ...new Set(all.filter((e) => e.suite === suite).map((e) => `${kind}:${e.table}`)),
  ];
  return {
    description:
      "GraphOTTER's local policy: label model (which cells a question names), cell model (where a lookup lands, " +
      "over header-path features), operation model (aggregation over header groups) and action model (which of " +
      "VisitNode / GetSharedNeighbours / GetAllNeighbours / AnswerQuestion next, imitation of an oracle walk " +
      "+ DAgger).",
    features: [
      ...LABEL_FEATURES.map((f) => `label:${f}`),
      ...CELL_FEATURES.map((f) => `cell:${f}`),
      ...ACTION_FEATURES,
    ],
    sources: [
      { dataset: "hitab", split: "tune", ids: tables("hitab", "hitab-table"), examples: hitab.length },
      { dataset: "aitqa", split: "tune", ids: tables("aitqa", "aitqa-table"), examples: aitqa.length },
      {
        dataset: "generated two-level tables",
        split: "train",
        ids: tables("generated", "generated-table"),
        examples: generated.length,
      },
    ],
    metrics,
    weights: model,
  };
}

/** Held-out (by table fold) top-1 accuracy of the cell model and operation model. */
async function heldOut(
  all: Array<import("../graphotter/examples.mts").GoldQuestion>,
  foldModels: GraphotterModel[],
  action: GraphotterModel["action"],
  fold: (ex: { table: string }) => number,
): Promise<Record<string, number>> {
  const { readOnTable, cellProbability } = await import("../../../lib/core/methods/graphotter/question-reading.ts");
  const { createHashedEncoder } = await import("../../../lib/core/text/index.ts");
  const { rollout } = await import("../graphotter/rollout.mts");
  const encoder = createHashedEncoder();
  let ops = 0;
  let opsRight = 0;
  let walks = 0;
  let reached = 0;
  let ranked = 0;
  for (const ex of all) {
    if (ex.suite === "generated") continue;
    const m = { ...foldModels[fold(ex)], action };
    const reading = readOnTable(ex.index, ex.question, m, encoder);
    if (ex.operation) {
      ops++;
      if (reading.operation === ex.operation) opsRight++;
    }
    if (!ex.cells.length) continue;
    walks++;
    const { observed } = await rollout(ex, m, "model");
    const best = [...observed].reduce(
      (b, c) => (b < 0 || cellProbability(reading, c) > cellProbability(reading, b) ? c : b),
      -1,
    );
    if (ex.cells.includes(best)) reached++;
    let top = 0;
    for (let c = 1; c < Math.min(5000, ex.index.tree.cells.length); c++)
      if (cellProbability(reading, c) > cellProbability(reading, top)) top = c;
    if (ex.cells.includes(top)) ranked++;
  }
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  return {
    operationAccuracy: r(opsRight / Math.max(1, ops)),
    walkLandsOnGoldCell: r(reached / Math.max(1, walks)),
    cellModelRanksGoldFirst: r(ranked / Math.max(1, walks)),
    questions: walks,
  };
}

export default trainer;
