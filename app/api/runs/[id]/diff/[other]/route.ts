import { diffRuns } from "@/lib/core/compare/diff";
import { handle } from "@/lib/server/http/errors";
import { notFound } from "@/lib/server/http/not-found";
import { getRun } from "@/lib/server/stores/runs";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string; other: string }> };

/**
 * The diff of two stored runs (b against a): answers, SQL, columns and cells added / removed /
 * common, changed parameters, per-stage timing. Computed from the stored events; nothing re-runs.
 */
export const GET = handle(async (_req: Request, { params }: Ctx) => {
  const { id, other } = await params;
  const [a, b] = await Promise.all([getRun(id), getRun(other)]);
  if (!a) throw notFound("run", id);
  if (!b) throw notFound("run", other);
  return Response.json(diffRuns(a, b));
});
