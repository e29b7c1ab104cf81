import "server-only";
import type { ParsedPassage } from "@/lib/core/ingest/passages";
import { HttpError } from "@/lib/server/http/errors";
import { loadDataset, tableByName } from "@/lib/server/stores/datasets";
import { readSegments } from "./segments";

/**
 * "Mark a long-text column as passages": every non-empty value of the column becomes a passage,
 * titled by `titleColumn` (or the row's first other text cell). The table keeps the column; the
 * passages link back to their rows by title like any other passage.
 */
export async function passagesFromColumn(
  datasetId: string,
  tableName: string,
  column: string,
  titleColumn?: string,
): Promise<ParsedPassage[]> {
  const dataset = await loadDataset(datasetId);
  const table = tableByName(dataset, tableName);
  if (!table) throw new HttpError("unknown_table", `Dataset "${dataset.name}" has no table "${tableName}".`, 400);
  const col = table.columns.findIndex((c) => c.sqlName === column || c.name === column);
  if (col < 0) throw new HttpError("unknown_column", `Table "${table.name}" has no column "${column}".`, 400);
  const titleIdx = titleColumn
    ? table.columns.findIndex((c) => c.sqlName === titleColumn || c.name === titleColumn)
    : -1;
  if (titleColumn && titleIdx < 0)
    throw new HttpError("unknown_column", `Table "${table.name}" has no column "${titleColumn}".`, 400);
  const { segments } = await readSegments(datasetId, dataset.storage, [table]);
  const out: ParsedPassage[] = [];
  for (const s of segments) {
    const text = s.values[col];
    if (typeof text !== "string" || !text.trim()) continue;
    const fallback = s.values.find((v, i) => i !== col && typeof v === "string" && v.trim() !== "");
    const title =
      String((titleIdx >= 0 ? s.values[titleIdx] : fallback) ?? `${table.name} row ${s.rowId}`).trim() ||
      `${table.name} row ${s.rowId}`;
    out.push({
      title,
      text: text.trim(),
      url: null,
      aliases: [],
      source: `${table.name}.${table.columns[col].sqlName} row ${s.rowId}`,
    });
  }
  if (!out.length)
    throw new HttpError(
      "no_passages",
      `Column "${table.columns[col].name}" of "${table.name}" has no text to use as passages.`,
      400,
    );
  return out;
}
