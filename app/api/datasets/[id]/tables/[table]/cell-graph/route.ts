import { z } from "zod";
import { handle } from "@/lib/server/http/errors";
import { cellGraphView } from "@/lib/server/methods/graphotter/graph-view";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string; table: string }> };

const query = z.object({
  /** Node ids ("r3c2") to draw with their neighbourhood when the table is too large to draw whole. */
  focus: z
    .string()
    .max(20_000)
    .optional()
    .transform((s) =>
      s
        ? s
            .split(",")
            .map((x) => x.trim())
            .filter(Boolean)
        : [],
    )
    .refine(
      (ids) => ids.every((id) => /^r\d+c\d+$/.test(id)),
      "focus must be a comma-separated list of node ids like r3c2",
    )
    .refine((ids) => ids.length <= 500, "At most 500 focus nodes"),
});

/** GET the cell graph of a table (GraphOTTER's view): nodes with their rows, columns and value. */
export const GET = handle(async (request: Request, { params }: Ctx) => {
  const { id, table } = await params;
  const { focus } = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  return Response.json(await cellGraphView(id, table, focus));
});
