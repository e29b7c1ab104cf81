import "server-only";
import { runGraphotter, type GraphotterResult } from "@/lib/core/methods/graphotter/run-graphotter";
import { parseGraphotterParams, type GraphotterParamsInput } from "@/lib/core/methods/graphotter/params";
import { createHashedEncoder } from "@/lib/core/text";
import type { Reasoner } from "@/lib/core/trace/atoms";
import { runStage, type EventSink } from "@/lib/core/trace/sink";
import { HttpError } from "@/lib/server/http/errors";
import { getLlmPort } from "@/lib/server/llm";
import type { RunOnDatasetOptions } from "@/lib/server/methods/run-options";
import { getDataset } from "@/lib/server/stores/datasets";
import { chooseTable } from "./choose-table";
import { evidenceMapper, loadCellGraph, MAX_GRAPH_ROWS } from "./load-grid";
import { notFound } from "@/lib/server/http/not-found";

export type RunGraphotterOptions = RunOnDatasetOptions;

const encoder = createHashedEncoder();

/**
 * Runs GraphOTTER on one table of a stored dataset: chooses the table (parameter, only table, or
 * FGTR's schema retrieval), opens it as a cell graph from its raw grid (header rows and merged
 * ranges kept at import), then reasons over it, emitting trace events into `sink`.
 */
export async function runGraphotterOnDataset(
  datasetId: string,
  question: string,
  reasoner: Reasoner,
  rawParams: GraphotterParamsInput | undefined,
  sink: EventSink,
  options: RunGraphotterOptions = {},
): Promise<GraphotterResult & { table: string }> {
  const params = parseGraphotterParams(rawParams);
  const llm = reasoner === "llm" ? (options.llm !== undefined ? options.llm : getLlmPort()) : null;
  const dataset = options.dataset ?? (await getDataset(datasetId));
  if (!dataset) throw notFound("dataset", datasetId);
  if (!dataset.tables.length)
    throw new HttpError("no_tables", `Dataset "${dataset.name}" has no tables to reason over.`, 400);
  const { table, graph } = await runStage(
    sink,
    "cell-graph",
    async (s) => {
      const choice = await chooseTable(
        datasetId,
        dataset,
        question,
        params.table,
        { reasoner, llm, signal: options.signal, dataset },
        s,
      );
      const { graph, truncated } = await loadCellGraph(datasetId, dataset.storage, choice.table);
      if (choice.choice === "schema-retrieval") {
        const others = choice.ranking
          .slice(1, 4)
          .map((r) => `${r.table} ${r.score}`)
          .join(", ");
        s.emit({
          type: "warning",
          code: "table_chosen",
          message:
            `This dataset has ${dataset.tables.length} tables; GraphOTTER reasons over one. ` +
            `Schema retrieval ranked "${choice.table.name}" first ` +
            `(score ${choice.ranking[0]?.score ?? 0}${others ? `; then ${others}` : ""}). ` +
            `Set the table parameter to choose another.`,
        });
      }
      if (truncated)
        s.emit({
          type: "warning",
          code: "table_truncated",
          message:
            `Only the first ${MAX_GRAPH_ROWS.toLocaleString("en-US")} rows of "${choice.table.name}" were ` +
            `read into the cell graph.`,
        });
      s.emit({
        type: "cell-graph",
        table: choice.table.name,
        rows: graph.rowCount,
        columns: graph.colCount,
        headerRows: graph.headerRows,
        nodes: graph.nodes.length,
        merged: graph.nodes.filter((n) => n.rows.length > 1 || n.cols.length > 1).length,
        choice: choice.choice,
      });
      return { table: choice.table, graph };
    },
    "Cell graph",
  );
  const result = await runGraphotter(
    question,
    graph,
    table.name,
    params,
    { reasoner, llm, encoder, signal: options.signal, evidenceOf: evidenceMapper(table, graph) },
    sink,
  );
  return { ...result, table: table.name };
}
