// Compares HELIOS settings on the ottqa *tune* split only (SPLITS.md): one corpus, several
// parameter sets, AR@k per set:
//   npx tsx --conditions=react-server scripts/eval/ottqa-tune.mts '{"name": {…params}}' [limit]
import { readFileSync } from "node:fs";
import path from "node:path";
import { sharedDatasets } from "./datasets.mts";
import { answerRecall, exactMatch, relevances } from "./helios-metrics.mts";
import { loadOttqaCorpus } from "./ottqa-corpus.mts";
import { buildHeliosIndex } from "../../lib/core/methods/helios/graph-index.ts";
import { edgeText } from "../../lib/core/methods/helios/linearize.ts";
import { runHelios } from "../../lib/core/methods/helios/run-helios.ts";
import { nullSink } from "../../lib/core/trace/recorder.ts";
import { heliosReaderModel, heliosRerankModel } from "../../lib/server/methods/helios/models.ts";

const root = path.join(sharedDatasets(), "ottqa_hybridqa_sample");
const sets = JSON.parse(process.argv[2] ?? '{"default":{}}') as Record<string, Record<string, unknown>>;
const limit = Number(process.argv[3] ?? 1000);
const questions = (
  JSON.parse(readFileSync(path.join(root, "ottqa_dev_questions.json"), "utf8")) as Array<{
    question: string;
    "answer-text": string;
  }>
)
  .filter((_, i) => i % 2 === 0)
  .slice(0, limit);
const corpus = loadOttqaCorpus(root);
const index = buildHeliosIndex(corpus);
const readerModel = heliosReaderModel();
const rerankModel = heliosRerankModel();
const sums: Record<string, Record<string, number>> = {};
for (const q of questions) {
  for (const [name, params] of Object.entries(sets)) {
    const r = await runHelios(q.question, params, { index, reasoner: "local", readerModel, rerankModel }, nullSink());
    const rel = relevances(
      r.ranked
        .slice(0, 50)
        .map((e) => edgeText(index.segments.get(e.segment)!, e.passage ? index.passages.get(e.passage)! : null)),
      q["answer-text"],
    );
    const ar = answerRecall(rel);
    sums[name] ??= {};
    for (const [k, v] of Object.entries(ar)) sums[name][k] = (sums[name][k] ?? 0) + v;
    sums[name].EM = (sums[name].EM ?? 0) + (exactMatch(r.answer.text, q["answer-text"]) ? 1 : 0);
  }
}
for (const [name, s] of Object.entries(sums))
  console.log(
    name.padEnd(20),
    Object.entries(s)
      .map(([k, v]) => `@${k} ${((100 * v) / questions.length).toFixed(1)}`)
      .join("  "),
  );
