import { z } from "zod";
import { HttpError, handle } from "@/lib/server/http/errors";
import { getDataset, tableByName } from "@/lib/server/stores/datasets";
import { readRowPage } from "@/lib/server/stores/rows";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string; table: string }> };

const query = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  sort: z.string().max(200).optional(),
  dir: z.enum(["asc", "desc"]).default("asc"),
});

export const GET = handle(async (request: Request, { params }: Ctx) => {
  const { id, table: tableName } = await params;
  const req = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  const dataset = await getDataset(id);
  if (!dataset) throw new HttpError(404, "dataset_not_found", `There is no dataset with id "${id}".`);
  const table = tableByName(dataset, tableName);
  if (!table) throw new HttpError(404, "table_not_found", `Dataset "${dataset.name}" has no table "${tableName}".`);
  if (req.sort && !table.columns.some((c) => c.sqlName === req.sort)) {
    throw new HttpError(400, "unknown_column", `Table "${table.name}" has no column "${req.sort}" to sort by.`);
  }
  return Response.json(readRowPage(id, dataset.storage, table, req));
});
