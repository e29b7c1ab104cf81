import { readGridFilters } from "@/lib/core/model/grid-filter";
import { HttpError, handle } from "@/lib/server/http/errors";
import { notFound } from "@/lib/server/http/not-found";
import { loadDataset, tableByName } from "@/lib/server/stores/datasets";
import { readFacet } from "@/lib/server/stores/facets";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string; table: string }> };

/** A column's facet (its most frequent values with counts) among the rows the grid's other filters keep. */
export const GET = handle(async (request: Request, { params }: Ctx) => {
  const { id, table: tableName } = await params;
  const search = new URL(request.url).searchParams;
  const column = search.get("column");
  if (!column) throw new HttpError("invalid_request", "Name the column: ?column=<sqlName>.", 400);
  const { filters, errors } = readGridFilters(search);
  if (errors.length) throw new HttpError("bad_filter", errors.join("; "), 400);
  const dataset = await loadDataset(id);
  const table = tableByName(dataset, tableName);
  if (!table) throw notFound("table", tableName, dataset.name);
  return Response.json(await readFacet(id, dataset.storage, table, column, filters));
});
