import type { CellGraph } from "../../cell-graph/graph";
import { createHashedEncoder, type TextEncoder } from "../../text";
import type { EventSink } from "../../trace/sink";
import { runStage } from "../../trace/sink";
import { MethodInputError } from "../errors";
import type { MethodInput, MethodPorts } from "../module";
import { chooseTable } from "./choose-table";
import { openForQuestion } from "./open-table";
import { type GraphotterParams, parseGraphotterParams } from "./params";
import { type GraphotterResult, runGraphotter } from "./run-graphotter";
import { tableIndexOf } from "./table-index";

let encoder: TextEncoder | null = null;

/** What the cell-graph event says of the header tree (built here once and kept with the graph). */
function headerTreeSummary(graph: CellGraph) {
  const { tree } = tableIndexOf(graph);
  return {
    leftColumns: tree.leftCols,
    headers: tree.headers.length,
    sections: tree.headers.filter((h) => h.section).length,
    totals: tree.headers.filter((h) => h.total).length,
    depth: Math.max(0, ...tree.headers.map((h) => h.level + 1)),
  };
}

/**
 * GraphOTTER on a stored dataset: choose the table (parameter, only table, or schema retrieval's
 * first), open it as a cell graph from its raw grid (header rows and merged ranges kept at
 * import), then reason over it.
 */
export async function runOnDataset(
  input: MethodInput<GraphotterParams>,
  ports: Pick<MethodPorts, "cell-graph" | "table-ranking">,
  sink: EventSink,
): Promise<GraphotterResult & { table: string }> {
  encoder ??= createHashedEncoder();
  const params = parseGraphotterParams(input.params);
  const dataset = ports["cell-graph"];
  if (!dataset.tables.length)
    throw new MethodInputError("no_tables", `Dataset "${dataset.datasetName}" has no tables to reason over.`);
  const { table, opened } = await runStage(
    sink,
    "cell-graph",
    async (s) => {
      const choice = await chooseTable(input.question, dataset, params.table, ports["table-ranking"], s);
      const opened = await openForQuestion(input.question, choice.table, dataset, s);
      const { graph } = opened;
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
      if (opened.truncated)
        s.emit({
          type: "warning",
          code: "table_truncated",
          message:
            `Only the first ${opened.maxRows.toLocaleString("en-US")} rows of "${choice.table.name}" were ` +
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
        headerTree: headerTreeSummary(graph),
        ...(opened.prefilter ? { prefilter: opened.prefilter } : {}),
      });
      return { table: choice.table, opened };
    },
    "Cell graph",
  );
  const result = await runGraphotter(
    input.question,
    opened.graph,
    table.name,
    params,
    {
      reasoner: input.reasoner,
      llm: input.llm,
      encoder,
      model: dataset.model,
      signal: input.signal,
      evidenceOf: opened.evidenceOf,
    },
    sink,
  );
  return { ...result, table: table.name };
}
