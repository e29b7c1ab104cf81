import { handle } from "@/lib/server/http/errors";
import { getRun, listChildRuns } from "@/lib/server/stores/runs";
import { notFound } from "@/lib/server/http/not-found";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** A stored run with every trace event, for the run page and its replay, and the runs re-run from it. */
export const GET = handle(async (_req: Request, { params }: Ctx) => {
  const { id } = await params;
  const run = await getRun(id);
  if (!run) throw notFound("run", id);
  return Response.json({ ...run, children: await listChildRuns(id) });
});
