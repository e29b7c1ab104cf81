import { z } from "zod";
import { batchCsv, batchJson } from "@/lib/server/batches/export";
import { handle } from "@/lib/server/http/errors";
import { notFound } from "@/lib/server/http/not-found";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

const exportQuery = z.object({ format: z.enum(["csv", "json"]).default("json") });

/** The results as a download: ?format=csv (one row per question × method) or json (summary + items). */
export const GET = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const { format } = exportQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const body = format === "csv" ? await batchCsv(id) : await batchJson(id);
  if (body === null) throw notFound("batch", id);
  const headers = {
    "content-type": format === "csv" ? "text/csv; charset=utf-8" : "application/json",
    "content-disposition": `attachment; filename="batch-${id}.${format}"`,
  };
  return new Response(typeof body === "string" ? body : JSON.stringify(body, null, 1), { headers });
});
