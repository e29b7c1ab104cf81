import { HttpError, handle } from "@/lib/server/http/errors";
import { getRun } from "@/lib/server/stores/runs";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** A stored run with every trace event, for the run page and its replay. */
export const GET = handle(async (_req: Request, { params }: Ctx) => {
  const { id } = await params;
  const run = await getRun(id);
  if (!run) throw new HttpError(404, "run_not_found", `There is no run with id "${id}".`);
  return Response.json(run);
});
