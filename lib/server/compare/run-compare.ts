import "server-only";
import { setMaxListeners } from "node:events";
import { nanoid } from "nanoid";
import type { CompareStreamPart } from "@/lib/core/api/compare";
import { HttpError } from "@/lib/server/http/errors";
import { findMethod } from "@/lib/core/methods/registry";
import { compareStreamResponse } from "@/lib/server/llm/ui-stream";
import type { LoadedDataset } from "@/lib/server/methods/run-options";
import type { RunRequest } from "@/lib/core/api/runs";
import { executeRun, type QuestionRunOutcome } from "@/lib/server/runs/execute-run";
import { executeInPool, prepareRun } from "@/lib/server/runs/method.task";
import { wantsJson } from "@/lib/server/runs/stream-run";
import { createCompare } from "@/lib/server/stores/compares";
import type { CompareRequest } from "./compare-request";

type Planned = { method: string; runId: string; request: RunRequest };

/** Parses every method's parameters before anything is stored: a bad one is a 400 naming its method. */
function plan(datasetId: string, compareId: string, ask: CompareRequest): Planned[] {
  return ask.methods.map((method) => {
    const input = { datasetId, question: ask.question, method, reasoner: ask.reasoner, compareId };
    try {
      return { method, runId: nanoid(), request: prepareRun({ ...input, params: ask.params[method] ?? {} }).request };
    } catch (err) {
      if (err instanceof HttpError)
        throw new HttpError(err.code, `${findMethod(method)?.label ?? method}: ${err.message}`, err.status);
      throw err;
    }
  });
}

/**
 * Runs 2–4 methods on one question at once, each as an ordinary stored run on its own worker
 * thread, and records the compare as they start, so its URL works while they stream. Every run
 * emits run-start at once; a slow method never holds back another's events. Streams
 * `data-compare` parts tagged by method, or with `Accept: application/json` answers
 * `{compareId, runs: [{method, runId, answer}]}` when all are done.
 */
export async function runCompare(request: Request, dataset: LoadedDataset, ask: CompareRequest): Promise<Response> {
  const compareId = nanoid();
  // Up to four runs listen to the one request signal, each in several steps.
  setMaxListeners(64, request.signal);
  const planned = plan(dataset.id, compareId, ask);
  const stored = createCompare({
    id: compareId,
    datasetId: dataset.id,
    question: ask.question,
    reasoner: ask.reasoner,
    runs: planned.map((p) => ({ method: p.method, runId: p.runId })),
  });
  stored.catch(() => undefined); // handled where it is awaited; never an unhandled rejection
  const start = (onEvent?: (part: CompareStreamPart) => void): Promise<QuestionRunOutcome[]> =>
    Promise.all(
      planned.map((p) =>
        executeRun(p.request, executeInPool(p.request, { dataset }), {
          runId: p.runId,
          signal: request.signal,
          onEvent: onEvent && ((event) => onEvent({ method: p.method, runId: p.runId, event })),
        }),
      ),
    );
  if (wantsJson(request)) {
    await stored;
    const outcomes = await start();
    return Response.json({
      compareId,
      runs: planned.map((p, i) => ({ method: p.method, runId: p.runId, answer: outcomes[i].answer })),
    });
  }
  // The row is written while the runs start: the first events do not wait on the disk.
  return compareStreamResponse(compareId, async (emit) => {
    const runs = start(emit);
    await stored.catch((err: unknown) => console.error("could not store compare", compareId, err));
    await runs;
  });
}
