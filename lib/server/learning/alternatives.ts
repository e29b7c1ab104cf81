import "server-only";
import { nanoid } from "nanoid";
import type { LearnedAnswer } from "@/lib/core/model/learned";
import type { ProgramJson } from "@/lib/core/model/program";
import type { RunSummary } from "@/lib/core/api/runs";
import { findMethod } from "@/lib/core/methods/registry";
import { HttpError } from "@/lib/server/http/errors";
import type { LoadedDataset } from "@/lib/server/methods/run-options";
import type { RunRequest } from "@/lib/core/api/runs";
import type { ExecuteMethod } from "@/lib/server/runs/execute-run";
import { executeInPool, prepareRun } from "@/lib/server/runs/method.task";
import { addLearned } from "@/lib/server/stores/learned";

/** The n-th alternative reading of a run's answer (0 = the first one shown), or a 4xx saying why not. */
function alternativeOf(run: RunSummary, n: number): { reading: string; program: ProgramJson } {
  const alternatives = run.answer?.alternatives ?? [];
  if (!Number.isInteger(n) || n < 0 || n >= alternatives.length)
    throw new HttpError(
      "no_alternative",
      alternatives.length
        ? `Run ${run.id} has ${alternatives.length} alternative reading${alternatives.length === 1 ? "" : "s"} ` +
            `(0–${alternatives.length - 1}); there is no alternative "${n}".`
        : `Run ${run.id} has no alternative readings.`,
      404,
    );
  const alternative = alternatives[n];
  if (!alternative.program)
    throw new HttpError(
      "alternative_without_program",
      `Alternative ${n} of run ${run.id} ("${alternative.reading}") carries no program to answer with.`,
      409,
    );
  return { reading: alternative.reading, program: alternative.program };
}

/**
 * Picking an alternative reading: the reading's program is stored as confirmed for the dataset
 * (source "picked"), and a new run of the same question, method and reasoner answers with exactly
 * that program (method parameter `program`). The new run is the parent's child and starts with
 * the parent's vote "up", so its page shows the pick as a 👍 that can be taken back.
 */
export async function planAlternativeRun(
  parent: RunSummary,
  n: number,
  dataset: LoadedDataset,
): Promise<{ runId: string; spec: RunRequest; execute: ExecuteMethod; learned: LearnedAnswer }> {
  const method = parent.method;
  // Methods whose answers carry readings take a `program` parameter to answer with (the registry says which).
  if (!findMethod(method)?.answersWithReadings)
    throw new HttpError(
      "method_without_readings",
      `Run ${parent.id} used method "${parent.method}", whose answers have no readings to pick from.`,
      409,
    );
  const alternative = alternativeOf(parent, n);
  // Parsed before anything is stored, so bad parameters leave no example behind.
  const { request: spec } = prepareRun({
    datasetId: parent.datasetId,
    question: parent.question,
    method,
    reasoner: parent.reasoner,
    params: { ...parent.params, program: alternative.program },
    parentRunId: parent.id,
    feedback: "up",
  });
  const runId = nanoid();
  const learned = await addLearned({
    datasetId: parent.datasetId,
    question: parent.question,
    reading: alternative.reading,
    program: alternative.program,
    verdict: "confirmed",
    source: "picked",
    runId,
  });
  return { runId, spec, execute: executeInPool(spec, { dataset }), learned };
}
