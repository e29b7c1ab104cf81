import { z } from "zod";
import { handle } from "@/lib/server/http/errors";
import { searchCellsOf } from "@/lib/server/index/api";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

const query = z.object({
  q: z.string().trim().min(1, "Give a value to search for in q").max(500, "The search text is too long"),
  table: z.string().max(200).optional(),
  column: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const GET = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const q = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  return Response.json(await searchCellsOf(id, q));
});
