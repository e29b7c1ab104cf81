import { parseAskRequest } from "@/lib/server/ask/ask-request";
import { HttpError, handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { activeReasoners } from "@/lib/server/llm";
import { executeInPool, prepareRun } from "@/lib/server/runs/method.task";
import { streamRun } from "@/lib/server/runs/stream-run";
import { loadDataset } from "@/lib/server/stores/datasets";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/**
 * Asks a question of a dataset. Streams the run as an AI SDK UI message stream (one `data-trace`
 * part per trace event, the first before any work starts); with `Accept: application/json`
 * answers `{runId, ok, answer, error, events}` once the run is over. Every run is stored.
 */
export const POST = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const ask = parseAskRequest(await readJsonBody(request));
  const dataset = await loadDataset(id);
  const reasoner = (await activeReasoners()).find((r) => r.id === ask.reasoner);
  if (!reasoner?.available) {
    throw new HttpError(
      "reasoner_unavailable",
      `The ${ask.reasoner} reasoner is not configured on this server. ${reasoner?.howToConfigure ?? ""}`.trim(),
      400,
    );
  }
  const { request: run } = prepareRun({ datasetId: id, ...ask });
  // The dataset was loaded once, here; the run's worker builds its context from this detail.
  return streamRun(request, run, executeInPool(run, { dataset }));
});
