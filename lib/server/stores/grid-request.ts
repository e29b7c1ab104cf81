import "server-only";
import { type GridFilter, readGridFilters } from "@/lib/core/model/grid-filter";
import { HttpError } from "@/lib/server/http/errors";
import { notFound } from "@/lib/server/http/not-found";
import { loadDataset, tableByName } from "@/lib/server/stores/datasets";

// What the grid's routes (rows, facets, export) read the same way: its filters and its table.

/** The grid's `f.<column>=<op>:<text>` filters of a request; a malformed one is a 400. */
export function gridFilters(search: URLSearchParams): GridFilter[] {
  const { filters, errors } = readGridFilters(search);
  if (errors.length) throw new HttpError("bad_filter", errors.join("; "), 400);
  return filters;
}

/** A dataset and one of its tables by name; a missing table is a 404 that names the dataset. */
export async function gridTable(id: string, tableName: string) {
  const dataset = await loadDataset(id);
  const table = tableByName(dataset, tableName);
  if (!table) throw notFound("table", tableName, dataset.name);
  return { dataset, table };
}
