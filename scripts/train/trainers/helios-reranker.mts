// HELIOS's trained rerankers (§4.1 g_e, §4.2 g_n and the expanded-query scorers; Appendix A.1–A.3):
// log-linear scores of question–edge, question–node and [question; seed]–node alignment features,
// fitted listwise on hybridqa_train questions retrieved over chunks of 25 tables (SPLITS.md:
// training data). Positives as in the paper: an edge whose passage holds the answer (with its row)
// or whose row does; a node linked to a node holding the answer; for such a seed, the answer's node.
import { dot, FeatureTable, fitListwise, type ListExample } from "../../../lib/core/methods/helios/linear-model.ts";
import type { RerankModel } from "../../../lib/core/methods/helios/rerank-model.ts";
import type { Trainer } from "../trainer.mts";
import { forEachChunk, heldOut, hybridQuestions } from "../helios-data.mts";
import { questionLists, type QuestionLists, type Tables } from "../helios-lists.mts";

const KS = [2, 5, 10, 20, 50] as const;
/** Beam b of node expansion at run time: seeds and expanded edges are measured at this depth. */
const BEAM = 10;

const pct = (x: number, n: number) => Math.round((1000 * x) / Math.max(1, n)) / 10;

/** AR@k of lists ordered by their scores. */
function recall(lists: QuestionLists[], scoresOf: (l: QuestionLists) => number[]): Record<string, number> {
  const hits = Object.fromEntries(KS.map((k) => [k, 0]));
  for (const l of lists) {
    const s = scoresOf(l);
    const order = s.map((_, i) => i).sort((a, b) => s[b] - s[a] || a - b);
    const first = order.findIndex((i) => l.has[i]);
    for (const k of KS) if (first >= 0 && first < k) hits[k] += 1;
  }
  return Object.fromEntries(KS.map((k) => [`AR@${k}`, pct(hits[k], lists.length)]));
}

/** Share of lists with a right row among the top `k` by a weight vector. */
function topK(table: FeatureTable, weights: Record<string, number>, lists: ListExample[], k: number): number {
  const w = Float64Array.from(table.names.map((n) => weights[n] ?? 0));
  const hit = lists.filter((l) => {
    const s = l.rows.map((r) => dot(w, r));
    const order = s.map((_, i) => i).sort((a, b) => s[b] - s[a] || a - b);
    return order.slice(0, k).some((i) => l.positives.includes(i));
  }).length;
  return pct(hit, lists.length);
}

const trainer: Trainer = {
  name: "helios-reranker",
  async train({ seed, datasets, log }) {
    const questions = hybridQuestions(datasets);
    const tables: Tables = { edge: new FeatureTable(), node: new FeatureTable(), expand: new FeatureTable() };
    const lists: QuestionLists[] = [];
    await forEachChunk(
      datasets,
      questions,
      (index, qs) => {
        for (const q of qs) lists.push(questionLists(index, q, tables));
      },
      log,
    );
    const train = lists.filter((l) => !heldOut(l.table));
    const test = lists.filter((l) => heldOut(l.table));
    const edgeTrain = train.filter((l) => l.edges.positives.length).map((l) => l.edges);
    const nodeTrain = train.flatMap((l) => (l.nodes ? [l.nodes] : []));
    const expandTrain = train.flatMap((l) => l.expansions.filter((x) => x.positives.length));
    log(
      `${train.length} training questions (${edgeTrain.length} with a right edge among k1, ${nodeTrain.length} ` +
        `with a seed, ${expandTrain.length} seed lists), ${test.length} held out; features: ` +
        `${tables.edge.names.length} edge, ${tables.node.names.length} node, ${tables.expand.names.length} expansion`,
    );
    const edge = fitListwise(tables.edge, edgeTrain, { seed });
    const node = fitListwise(tables.node, nodeTrain, { seed });
    const expand = fitListwise(tables.expand, expandTrain, { seed });
    const w = Float64Array.from(tables.edge.names.map((n) => edge[n] ?? 0));
    const learned = recall(test, (l) => l.edges.rows.map((r) => dot(w, r)));
    log(`held out, MaxSim:        ${JSON.stringify(recall(test, (l) => l.baseline.maxsim))}`);
    log(`held out, fine scorer:   ${JSON.stringify(recall(test, (l) => l.baseline.fine))}`);
    log(`held out, trained g_e:   ${JSON.stringify(learned)}`);
    const seedsAtBeam = topK(
      tables.node,
      node,
      test.flatMap((l) => (l.nodes ? [l.nodes] : [])),
      BEAM,
    );
    const answerAtBeam = topK(
      tables.expand,
      expand,
      test.flatMap((l) => l.expansions.filter((x) => x.positives.length)),
      BEAM,
    );
    log(
      `held out: a seed among g_n's top ${BEAM} ${seedsAtBeam}%, ` +
        `the answer's node among a seed's top ${BEAM} ${answerAtBeam}%`,
    );
    const model: RerankModel = { kind: "helios-reranker", version: 1, edge, node, expand };
    return {
      description:
        "HELIOS rerankers: log-linear edge scores g_e (§4.1), node scores g_n and expanded-query scores (§4.2) " +
        "from question–row, question–passage, question–caption and seed–node word alignment",
      features: [
        "IDF-weighted share of the question matched by the row, its table's caption and the passage",
        "question words the passage adds to the row",
        "question word pairs found in order",
        "cells and passage titles the question names; its numbers in the row",
        "how the edge was linked and the linking column's header",
        "a seed's IDF mass shared with a node, and whether the seed names it or links to it",
      ],
      sources: [
        {
          dataset: "hybridqa_train",
          split: "train",
          ids: [...new Set(questions.map((q) => `hybridqa-question:${q.question_id}`))].sort(),
          examples: questions.length,
        },
      ],
      metrics: {
        ...learned,
        seedAtBeam: seedsAtBeam,
        answerNodeAtBeam: answerAtBeam,
        heldOutQuestions: test.length,
      },
      weights: model,
    };
  },
};

export default trainer;
