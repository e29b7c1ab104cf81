import { HttpError, handle } from "@/lib/server/http/errors";
import { gridFilters, gridTable } from "@/lib/server/stores/grid-request";
import { readFacet } from "@/lib/server/stores/facets";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string; table: string }> };

/** A column's facet (its most frequent values with counts) among the rows the grid's other filters keep. */
export const GET = handle(async (request: Request, { params }: Ctx) => {
  const { id, table: tableName } = await params;
  const search = new URL(request.url).searchParams;
  const column = search.get("column");
  if (!column) throw new HttpError("invalid_request", "Name the column: ?column=<sqlName>.", 400);
  const filters = gridFilters(search);
  const { dataset, table } = await gridTable(id, tableName);
  return Response.json(await readFacet(id, dataset.storage, table, column, filters));
});
