import { requireReasoner } from "@/lib/server/ask/require-reasoner";
import { parseCompareRequest } from "@/lib/server/compare/compare-request";
import { runCompare } from "@/lib/server/compare/run-compare";
import { handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { loadDataset } from "@/lib/server/stores/datasets";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/**
 * Compares 2–4 methods on one question. Streams one `data-compare` part per event of any run
 * (`{method, runId, event}`); with `Accept: application/json` answers
 * `{compareId, runs: [{method, runId, answer}]}`. Bad input is a 400/404 and nothing is stored.
 */
export const POST = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const ask = parseCompareRequest(await readJsonBody(request));
  const dataset = await loadDataset(id);
  await requireReasoner(ask.reasoner);
  return runCompare(request, dataset, ask);
});
