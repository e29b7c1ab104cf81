import { z } from "zod";
import { handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { reimportInPool } from "@/lib/server/ingest/import-in-pool";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string; table: string }> };

const body = z.object({
  headerRows: z.number().int().min(0, "headerRows is 0–6").max(6, "headerRows is 0–6"),
  dialect: z
    .object({
      delimiter: z.enum([",", ";", "\t", "|"]).optional(),
      quote: z.enum(['"', "'"]).optional(),
      escape: z.enum(["double", "backslash"]).optional(),
    })
    .strict()
    .optional(),
});

/** Re-imports one CSV/TSV table or sheet with the header depth (and CSV dialect) the user chose. */
export const PATCH = handle(async (request: Request, { params }: Ctx) => {
  const { id, table } = await params;
  const change = body.parse(await readJsonBody(request));
  const meta = await reimportInPool(id, table, change);
  return Response.json(meta);
});
