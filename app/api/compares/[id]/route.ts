import { handle } from "@/lib/server/http/errors";
import { notFound } from "@/lib/server/http/not-found";
import { getCompare } from "@/lib/server/stores/compares";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/**
 * A stored compare: `{compareId, datasetId, question, reasoner, createdAt,
 * runs: [{method, runId, status, answer}]}`.
 */
export const GET = handle(async (_req: Request, { params }: Ctx) => {
  const { id } = await params;
  const compare = await getCompare(id);
  if (!compare) throw notFound("compare", id);
  return Response.json(compare);
});
