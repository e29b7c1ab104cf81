import "server-only";
import { parseFgtrParams } from "@/lib/core/methods/fgtr/params";
import { parseColumnKey } from "@/lib/core/model/column-ref";
import { questionParsingStep } from "@/lib/core/retrieval/question-parsing";
import { findValueHints } from "@/lib/core/retrieval/value-hints";
import { voteSchema } from "@/lib/core/methods/fgtr/voting";
import type { DatasetDetail, TableMeta } from "@/lib/core/model/dataset";
import { tableScores } from "@/lib/core/linking/linker";
import { runStep } from "@/lib/core/reasoner/run-step";
import type { EventSink } from "@/lib/core/trace/sink";
import { HttpError } from "@/lib/server/http/errors";
import { buildRetrievalPorts, type RetrievalPortOptions } from "@/lib/server/retrieval/ports";

export type TableChoice = {
  table: TableMeta;
  choice: "only" | "param" | "schema-retrieval";
  ranking: Array<{ table: string; score: number }>;
};

/**
 * Which table GraphOTTER reasons over: the only one, the one named by the `table` parameter, or
 * the one FGTR's schema retrieval ranks first (question parsing + K-round schema votes). With the
 * trained schema linker a table scores its columns' probabilities (its best header match, plus a
 * share of the next two: a sheet whose headers name the question's year and band beats a table
 * that only holds the name); with the rule scorers, the vote frequency of its columns and its
 * value hits. The schema votes show in the trace.
 */
export async function chooseTable(
  datasetId: string,
  dataset: DatasetDetail,
  question: string,
  wanted: string | undefined,
  options: RetrievalPortOptions,
  sink: EventSink,
): Promise<TableChoice> {
  const tables = dataset.tables.filter((t) => t.rowCount > 0 || t.layout);
  if (wanted) {
    const table =
      dataset.tables.find((t) => t.name === wanted) ??
      dataset.tables.find((t) => t.name.toLowerCase() === wanted.toLowerCase());
    if (!table)
      throw new HttpError(
        "invalid_params",
        `Parameter table: dataset "${dataset.name}" has no table "${wanted}"; ` +
          `it has ${dataset.tables.map((t) => `"${t.name}"`).join(", ")}.`,
        400,
      );
    return { table, choice: "param", ranking: [] };
  }
  if (tables.length <= 1) return { table: tables[0] ?? dataset.tables[0], choice: "only", ranking: [] };
  // Only the schema vote runs here: no program is chosen, so learned answers are not read.
  const ports = await buildRetrievalPorts(datasetId, { ...options, learned: false });
  const hints = await findValueHints(question, ports);
  const parsed = (
    await runStep(
      questionParsingStep,
      { question, hints },
      { reasoner: options.reasoner, llm: options.llm, signal: options.signal, sink },
    )
  ).output;
  // Table choice keeps the trained linker (FGTR's answers default to the rule scorers): it reads a
  // sheet's header years and bands, which the rules' vote frequency does not weigh.
  const selection = await voteSchema(question, parsed, hints, parseFgtrParams({ linker: "learned" }), ports, sink);
  const score = selection.links ? tableScores(selection.links) : ruleScores(selection.frequency, hints);
  const ranking = tables
    .map((t) => ({ table: t.name, score: Math.round((score.get(t.name) ?? 0) * 100) / 100 }))
    .sort((a, b) => b.score - a.score);
  const table = tables.find((t) => t.name === ranking[0].table) ?? tables[0];
  return { table, choice: "schema-retrieval", ranking };
}

function ruleScores(frequency: Map<string, number>, hints: Array<{ table: string }>): Map<string, number> {
  const score = new Map<string, number>();
  for (const [key, f] of frequency) {
    const { table } = parseColumnKey(key);
    score.set(table, (score.get(table) ?? 0) + f);
  }
  for (const h of hints) score.set(h.table, (score.get(h.table) ?? 0) + 0.5);
  return score;
}
