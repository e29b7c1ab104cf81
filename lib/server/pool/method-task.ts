import "server-only";
import type { MessagePort } from "node:worker_threads";
import type { MethodResult } from "@/lib/core/methods/module";
import {
  type Answer,
  answerSchema,
  createRecorder,
  type EventSink,
  InvalidTraceEventError,
  type TraceEvent,
} from "@/lib/core/trace";
import { judgeAnswer } from "@/lib/server/confidence/assess-run";
import { cachedPortFor } from "@/lib/server/llm";
import { openDatasetContext } from "@/lib/server/methods/dataset-context";
import { runMethod } from "@/lib/server/methods/run-method";
import { describeRunError } from "@/lib/server/runs/run-errors";
import { datasetLoadCount } from "@/lib/server/stores/datasets";
import { withWrittenText } from "@/lib/server/written/answer";
import { scoreBatchQuestion } from "./batch-score";
import type { MainMessage, MethodTask, MethodTaskEnd, WorkerMessage } from "./protocol";

const SPINE_KINDS = new Set(["run-start", "run-end", "answer"]);

/**
 * A sink that checks each event as the main thread's recorder will (so a bad event fails the run
 * where it is emitted, as it always did), keeps it for the verdict, and posts it to the main
 * thread, whose recorder numbers, stores and streams it.
 */
function postingSink(port: MessagePort): { sink: EventSink; events: readonly TraceEvent[] } {
  const local = createRecorder();
  return {
    events: local.events,
    sink: {
      emit(event) {
        if (SPINE_KINDS.has(event.type))
          throw new InvalidTraceEventError(
            event.type,
            "this kind is emitted by the run itself; a method returns its answer instead",
          );
        const checked = local.emit(event);
        port.postMessage({ type: "event", event } satisfies WorkerMessage);
        return checked;
      },
    },
  };
}

/**
 * Runs one method task in this worker thread: opens the dataset's context (the detail came with the
 * task), runs the method through the generic adapter, judges the answer from the run's own trace,
 * scores it when it is a batch question, and posts the end on the task's port. A cancel message
 * aborts the run and its SQL.
 */
export async function runMethodTask(task: MethodTask): Promise<MethodTaskEnd> {
  const { port } = task;
  const controller = new AbortController();
  port.on("message", (m: MainMessage) => {
    if (m?.type === "cancel") controller.abort(new Error("cancelled"));
  });
  const loadsBefore = datasetLoadCount();
  const { sink, events } = postingSink(port);
  let end: MethodTaskEnd;
  const context = openDatasetContext(task.dataset, task.version);
  const score = (result: MethodResult | null, answer: Answer | null) =>
    task.scoring ? scoreBatchQuestion(task.method, result, answer, task.scoring, context, controller.signal) : null;
  try {
    const spec = {
      datasetId: task.dataset.id,
      question: task.question,
      method: task.method,
      reasoner: task.reasoner,
      params: task.params,
    };
    const result = await runMethod(
      context,
      {
        ...spec,
        ...(task.constraints ? { constraints: task.constraints } : {}),
        ...(task.learned !== undefined ? { learned: task.learned } : {}),
        ...(task.llm !== undefined ? { llm: task.llm ? cachedPortFor(task.llm) : null } : {}),
        signal: controller.signal,
      },
      sink,
    );
    // A run cancelled while its method wound down (its statement stopped, the method answered
    // without it) is cancelled, not answered.
    controller.signal.throwIfAborted();
    // Scores a method adds beside the schema (a reader's readerScore) reach the judge, not the event.
    const judged = await judgeAnswer(
      spec,
      { ...result.answer, ...answerSchema.parse(result.answer) },
      events,
      context,
      controller.signal,
    );
    // Shown as the file wrote its numbers ("9970610.0"), judged and scored on the values.
    const answer = answerSchema.parse(await withWrittenText(judged.answer, context, controller.signal));
    end = {
      ok: true,
      answer,
      tokens: result.tokens ?? null,
      score: await score(result, answer),
      datasetLoads: datasetLoadCount() - loadsBefore,
    };
  } catch (err) {
    const error = describeRunError(err, controller.signal);
    // A cancelled batch question is not a result; a failed one is scored as retrieving nothing.
    const failed = controller.signal.aborted ? null : await score(null, null)?.catch(() => null);
    end = { ok: false, error, score: failed ?? null, datasetLoads: datasetLoadCount() - loadsBefore };
  }
  // Last on the port, after every event: the main thread ends the run when it reads this.
  port.postMessage({ type: "end", end } satisfies WorkerMessage);
  port.close();
  return end;
}
