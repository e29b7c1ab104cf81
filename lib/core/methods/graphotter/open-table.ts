import { buildCellGraph } from "../../cell-graph/graph";
import type { TableMeta } from "../../model/dataset";
import type { EventSink } from "../../trace/sink";
import type { CellGraphPort, OpenedCellGraph } from "../module";
import { plainAndLarge, PREFILTER_MAX_ROWS, prefilterRows } from "./prefilter";

export type OpenedForQuestion = OpenedCellGraph & { prefilter?: { rows: number; tableRows: number } };

/**
 * The cell graph a question reads: a complex (or small) table whole, as imported; a plain table
 * of many rows only through the rows its SQL pre-filter selects, with a warning saying that
 * GraphOTTER is meant for complex tables, so no question walks a million-row grid cell by cell.
 */
export async function openForQuestion(
  question: string,
  table: TableMeta,
  port: CellGraphPort,
  sink: EventSink,
): Promise<OpenedForQuestion> {
  if (!plainAndLarge(table) || !port.retrieval) return port.open(table);
  const pre = await prefilterRows(question, table, await port.retrieval(), sink);
  const rows = pre.rowIds.length;
  const named = pre.conditions.map(
    (c) =>
      `${c.column} = ${c.values
        .slice(0, 3)
        .map((v) => JSON.stringify(v))
        .join(" or ")}`,
  );
  sink.emit({
    type: "warning",
    code: "plain_table",
    message:
      `"${table.name}" is a plain table of ${table.rowCount.toLocaleString("en-US")} rows; GraphOTTER is meant for ` +
      "complex tables (hierarchical headers, merged cells), so it reads only the rows the question selects: " +
      (named.length
        ? `${rows.toLocaleString("en-US")} row${rows === 1 ? "" : "s"} where ${named.join(" and ")}` +
          `${rows >= PREFILTER_MAX_ROWS ? ` (the first ${PREFILTER_MAX_ROWS})` : ""}.`
        : "the question names no value of the table, so no row is selected."),
  });
  const graph = buildCellGraph(pre.grid);
  return {
    graph,
    truncated: false,
    maxRows: PREFILTER_MAX_ROWS,
    evidenceOf: (node) => {
      const rowId = pre.rowIds[node.rows[0] - 1];
      const column = table.columns[node.cols[0]];
      if (rowId === null || rowId === undefined || !column || node.rows.length > 1) return null;
      return { table: table.name, column: column.sqlName, rowId, value: node.value };
    },
    prefilter: { rows, tableRows: table.rowCount },
  };
}
