import { requireReasoner } from "@/lib/server/ask/require-reasoner";
import { handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { notFound } from "@/lib/server/http/not-found";
import { parseRerunRequest, planRerun } from "@/lib/server/runs/rerun";
import { streamRun } from "@/lib/server/runs/stream-run";
import { loadDataset } from "@/lib/server/stores/datasets";
import { getRun } from "@/lib/server/stores/runs";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/**
 * Re-runs a stored run with constraints (pin / exclude columns and edges, conditions) and
 * optionally other parameters. Streams like ask; with `Accept: application/json` answers
 * `{runId, parentRunId, ok, answer, error, events}`. The child run records its parent and
 * constraints; bad constraints are a 400 naming the culprit and nothing is stored.
 */
export const POST = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const body = parseRerunRequest(await readJsonBody(request));
  const parent = await getRun(id);
  if (!parent) throw notFound("run", id);
  const dataset = await loadDataset(parent.datasetId);
  await requireReasoner(parent.reasoner);
  const { spec, execute } = await planRerun(parent, dataset, body);
  return streamRun(request, spec, execute);
});
