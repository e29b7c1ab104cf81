import { z } from "zod";
import { ASK_METHODS } from "@/lib/server/ask/ask-request";
import { batchItemRows, goldCellsOf } from "@/lib/server/batches/results";
import { getBatch } from "@/lib/server/batches/store";
import { handle } from "@/lib/server/http/errors";
import { notFound } from "@/lib/server/http/not-found";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

const flag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");
const itemsQuery = z.object({
  wrong: flag.optional(),
  disagree: flag.optional(),
  method: z.enum(ASK_METHODS).optional(),
  tag: z.string().max(200).optional(),
  goldCellsOf: z.string().max(500).optional(),
});

/**
 * The batch's finished items: [{questionId, method, runId, correct, prediction, gold, ms, …}], filtered
 * by ?wrong=1, ?method=, ?tag=, ?disagree=1. ?goldCellsOf=<questionId> answers that question's gold cells.
 */
export const GET = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  if (!(await getBatch(id))) throw notFound("batch", id);
  const query = itemsQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  if (query.goldCellsOf) return Response.json({ goldCells: await goldCellsOf(id, query.goldCellsOf) });
  return Response.json(await batchItemRows(id, query));
});
