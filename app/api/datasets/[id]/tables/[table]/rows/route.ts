import { z } from "zod";
import { HttpError, handle } from "@/lib/server/http/errors";
import { gridFilters, gridTable } from "@/lib/server/stores/grid-request";
import { MAX_ROW_IDS, readRowPage, readRowsById } from "@/lib/server/stores/rows";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string; table: string }> };

const rowIdList = z
  .string()
  .max(MAX_ROW_IDS * 21)
  .transform((s) => (s.trim() === "" ? [] : s.split(",").map((part) => Number(part.trim()))))
  .refine((ids) => ids.every((n) => Number.isSafeInteger(n)), "rowIds must be a comma-separated list of integers")
  .refine((ids) => ids.length <= MAX_ROW_IDS, `At most ${MAX_ROW_IDS} rowIds per request`);

const query = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  sort: z.string().max(200).optional(),
  dir: z.enum(["asc", "desc"]).default("asc"),
  /** When present, only these rows (by rowid), in rowid order; offset, limit and sort are ignored. */
  rowIds: rowIdList.optional(),
});

export const GET = handle(async (request: Request, { params }: Ctx) => {
  const { id, table: tableName } = await params;
  const search = new URL(request.url).searchParams;
  // Filters are f.<column>=<op>:<text> (lib/core/model/grid-filter.ts); the other parameters as declared above.
  const filters = gridFilters(search);
  const req = query.parse(Object.fromEntries([...search].filter(([k]) => !k.startsWith("f."))));
  const { dataset, table } = await gridTable(id, tableName);
  if (req.rowIds) {
    if (table.isView)
      throw new HttpError("no_row_ids", `"${table.name}" is a view: its rows have no ids to look up.`, 400);
    return Response.json(await readRowsById(id, dataset.storage, table, req.rowIds));
  }
  if (req.sort && !table.columns.some((c) => c.sqlName === req.sort)) {
    throw new HttpError("unknown_column", `Table "${table.name}" has no column "${req.sort}" to sort by.`, 400);
  }
  return Response.json(await readRowPage(id, dataset.storage, table, { ...req, filters }));
});
