import { z } from "zod";
import { HttpError, handle } from "@/lib/server/http/errors";
import { notFound } from "@/lib/server/http/not-found";
import { binaryCellStream } from "@/lib/server/stores/binary-cells";
import { loadDataset, tableByName } from "@/lib/server/stores/datasets";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string; table: string; rowId: string; column: string }> };

const rowIdSchema = z.coerce.number().int().safe();

/**
 * GET the bytes of one binary cell (a BLOB, a bytea), streamed a chunk at a time, as a download.
 * Other columns have no bytes to give: their values are in the rows route.
 */
export const GET = handle(async (_request: Request, { params }: Ctx) => {
  const { id, table: tableName, rowId: rawRowId, column: columnName } = await params;
  const rowId = rowIdSchema.parse(rawRowId);
  const dataset = await loadDataset(id);
  const table = tableByName(dataset, tableName);
  if (!table) throw notFound("table", tableName, dataset.name);
  const column = table.columns.find((c) => c.sqlName === columnName);
  if (!column) throw notFound("column", columnName, table.name);
  if (column.type !== "binary")
    throw new HttpError(
      "not_binary",
      `Column "${column.name}" holds ${column.type} values, not bytes to download.`,
      400,
    );
  if (table.isView) throw new HttpError("no_row_ids", `"${table.name}" is a view: its rows have no ids.`, 400);
  const { size, stream } = await binaryCellStream(id, dataset.storage, table, column, rowId);
  const name = `${table.name}-${column.name}-${rowId}.bin`;
  return new Response(stream, {
    headers: {
      "content-type": "application/octet-stream",
      "content-length": String(size),
      "content-disposition":
        `attachment; filename="${name.replace(/[^\w.-]+/g, "_")}"; ` + `filename*=UTF-8''${encodeURIComponent(name)}`,
      "x-content-type-options": "nosniff",
    },
  });
});
