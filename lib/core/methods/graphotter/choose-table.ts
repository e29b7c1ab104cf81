import type { TableMeta } from "../../model/dataset";
import type { EventSink } from "../../trace/sink";
import { MethodInputError } from "../errors";
import type { CellGraphPort, TableRanker } from "../module";

export type TableChoice = {
  table: TableMeta;
  choice: "only" | "param" | "schema-retrieval";
  ranking: Array<{ table: string; score: number }>;
};

/**
 * Which table GraphOTTER reasons over (the paper reads one table): the only one, the one named by
 * the `table` parameter, or the one schema retrieval ranks first; the ranker's votes show in the
 * trace. Tables without rows take part only when they have a sheet layout.
 */
export async function chooseTable(
  question: string,
  dataset: Pick<CellGraphPort, "datasetName" | "tables">,
  wanted: string | undefined,
  rank: TableRanker,
  sink: EventSink,
): Promise<TableChoice> {
  const all = dataset.tables;
  const tables = all.filter((t) => t.rowCount > 0 || t.layout);
  if (wanted) {
    const table = all.find((t) => t.name === wanted) ?? all.find((t) => t.name.toLowerCase() === wanted.toLowerCase());
    if (!table)
      throw new MethodInputError(
        "invalid_params",
        `Parameter table: dataset "${dataset.datasetName}" has no table "${wanted}"; ` +
          `it has ${all.map((t) => `"${t.name}"`).join(", ")}.`,
      );
    return { table, choice: "param", ranking: [] };
  }
  if (tables.length <= 1) return { table: tables[0] ?? all[0], choice: "only", ranking: [] };
  const scores = new Map((await rank(question, sink)).map((r) => [r.table, r.score]));
  const ranking = tables
    .map((t) => ({ table: t.name, score: Math.round((scores.get(t.name) ?? 0) * 100) / 100 }))
    .sort((a, b) => b.score - a.score);
  const table = tables.find((t) => t.name === ranking[0].table) ?? tables[0];
  return { table, choice: "schema-retrieval", ranking };
}
