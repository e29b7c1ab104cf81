import { z } from "zod";
import { MAX_EXPORT_ROWS } from "@/lib/core/model/limits";
import { safeCsvHeader, safeCsvLines } from "@/lib/core/util/safe-csv";
import { HttpError, handle } from "@/lib/server/http/errors";
import { gridFilters, gridTable } from "@/lib/server/stores/grid-request";
import { exportPages } from "@/lib/server/stores/export-rows";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string; table: string }> };

/** The grid's sort, as the rows API takes it; filters are f.<column>=<op>:<text> (lib/core/model/grid-filter.ts). */
const query = z
  .object({
    sort: z.string().max(200).optional(),
    dir: z.enum(["asc", "desc"]).default("asc"),
  })
  .strict();

/** `attachment; filename=…` for any table name: an ASCII fallback and the name itself (RFC 6266/5987). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%/;]/g, "_");
  return `attachment; filename="${ascii}.csv"; filename*=UTF-8''${encodeURIComponent(`${name}.csv`)}`;
}

/**
 * A table, or the rows its grid's filters keep in its sort, as CSV: the header is the column
 * names as written, every cell the text the file wrote (the grid's shown value), streamed page by
 * page (each read in an SQL process), at most MAX_EXPORT_ROWS rows. Written by the shared safe
 * CSV writer: a cell a spreadsheet would run as a formula gets a leading apostrophe.
 */
export const GET = handle(async (request: Request, { params }: Ctx) => {
  const { id, table: tableName } = await params;
  const search = new URL(request.url).searchParams;
  const filters = gridFilters(search);
  const req = query.parse(Object.fromEntries([...search].filter(([k]) => !k.startsWith("f."))));
  const { dataset, table } = await gridTable(id, tableName);
  if (filters.length && dataset.storage.postgres)
    throw new HttpError("filters_unsupported", "A connected PostgreSQL table is exported unfiltered only.", 400);
  const pages = exportPages(id, dataset.storage, table, { ...req, filters });
  // The first page is read before answering, so a bad column or a slow read is a 4xx/5xx, not a cut file.
  const first = await pages.next();
  const encoder = new TextEncoder();
  const header = safeCsvHeader(table.columns.map((c) => c.name));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(header + (first.done ? "" : safeCsvLines(first.value))));
      if (first.done) controller.close();
    },
    async pull(controller) {
      try {
        const next = await pages.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(safeCsvLines(next.value)));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  const cut = !filters.length && table.rowCount > MAX_EXPORT_ROWS;
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": attachment(table.name),
      "cache-control": "no-store",
      ...(cut ? { "x-export-cut": `first ${MAX_EXPORT_ROWS} rows (MAX_EXPORT_ROWS)` } : {}),
    },
  });
});
