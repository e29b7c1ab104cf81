import { z } from "zod";
import { handle } from "@/lib/server/http/errors";
import { getDataset } from "@/lib/server/stores/datasets";
import { listRuns } from "@/lib/server/stores/runs";
import { notFound } from "@/lib/server/http/not-found";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

const query = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  method: z.string().max(40).optional(),
});

/** A dataset's past runs, newest first, without their events. */
export const GET = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const req = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  if (!(await getDataset(id))) throw notFound("dataset", id);
  return Response.json({ runs: await listRuns(id, req) });
});
