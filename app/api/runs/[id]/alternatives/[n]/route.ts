import { requireReasoner } from "@/lib/server/ask/require-reasoner";
import { HttpError, handle } from "@/lib/server/http/errors";
import { notFound } from "@/lib/server/http/not-found";
import { planAlternativeRun } from "@/lib/server/learning/alternatives";
import { streamRun } from "@/lib/server/runs/stream-run";
import { loadDataset } from "@/lib/server/stores/datasets";
import { getRunSummary } from "@/lib/server/stores/runs";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string; n: string }> };

/**
 * Picks the run's alternative reading n (0 = the first shown): stores its program as a confirmed
 * example of the dataset (source "picked") and answers the same question again with exactly that
 * program, as a new child run. Streams like ask (header `x-run-id` names the new run); with
 * `Accept: application/json` answers `{runId, parentRunId, ok, answer, error, events, learned}`.
 */
export const POST = handle(async (request: Request, { params }: Ctx) => {
  const { id, n } = await params;
  const index = /^\d{1,2}$/.test(n) ? Number(n) : Number.NaN;
  if (Number.isNaN(index))
    throw new HttpError("no_alternative", `"${n}" is not an alternative's number (0, 1, 2).`, 404);
  const parent = await getRunSummary(id);
  if (!parent) throw notFound("run", id);
  const dataset = await loadDataset(parent.datasetId);
  await requireReasoner(parent.reasoner);
  const { runId, spec, execute, learned } = await planAlternativeRun(parent, index, dataset);
  return streamRun(request, spec, execute, { runId, extra: { learned } });
});
