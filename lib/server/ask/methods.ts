import "server-only";
import { ZodError } from "zod";
import { parseFgtrParams } from "@/lib/core/methods/fgtr/params";
import { parseSgamParams } from "@/lib/core/methods/sgam/params";
import { HttpError } from "@/lib/server/http/errors";
import { parseHeliosParams } from "@/lib/core/methods/helios/params";
import { runFgtrOnDataset } from "@/lib/server/methods/fgtr";
import { runSgamOnDataset } from "@/lib/server/methods/sgam";
import { parseGraphotterParams } from "@/lib/core/methods/graphotter/params";
import { runGraphotterOnDataset } from "@/lib/server/methods/graphotter";
import { runHeliosOnDataset } from "@/lib/server/methods/helios/run-on-dataset";
import type { ExecuteMethod, RunSpec } from "@/lib/server/runs/execute-run";
import type { AskMethod } from "./ask-request";

type MethodEntry = {
  /** Validates the method's parameters and fills in defaults (stored with the run). */
  parseParams: (raw: Record<string, unknown>) => Record<string, unknown>;
  /** The run's work: emits trace events into the sink and returns the answer. */
  execute: (spec: RunSpec) => ExecuteMethod;
};

const METHODS: Record<AskMethod, MethodEntry> = {
  fgtr: {
    parseParams: (raw) => parseFgtrParams(raw),
    execute: (spec) => async (sink, { signal }) =>
      (await runFgtrOnDataset(spec.datasetId, spec.question, spec.reasoner, spec.params, sink, { signal })).answer,
  },
  sgam: {
    parseParams: (raw) => parseSgamParams(raw),
    execute: (spec) => async (sink, { signal }) =>
      (await runSgamOnDataset(spec.datasetId, spec.question, spec.reasoner, spec.params, sink, { signal })).answer,
  },
  graphotter: {
    parseParams: (raw) => parseGraphotterParams(raw),
    execute: (spec) => async (sink, { signal }) =>
      (await runGraphotterOnDataset(spec.datasetId, spec.question, spec.reasoner, spec.params, sink, { signal })).answer,
  },
  helios: {
    parseParams: (raw) => parseHeliosParams(raw),
    execute: (spec) => async (sink, { signal }) =>
      (await runHeliosOnDataset(spec.datasetId, spec.question, spec.reasoner, spec.params, sink, { signal })).answer,
  },
};

/** The method's parameters with defaults, or a 400 naming the bad one. */
export function methodParams(method: AskMethod, raw: Record<string, unknown>): Record<string, unknown> {
  try {
    return METHODS[method].parseParams(raw);
  } catch (err) {
    if (!(err instanceof ZodError)) throw err;
    const issue = err.issues[0];
    throw new HttpError(400, "invalid_params", `Parameter ${issue?.path.join(".") || "(params)"}: ${issue?.message ?? "invalid value"}.`);
  }
}

export function methodExecutor(spec: RunSpec & { method: AskMethod }): ExecuteMethod {
  return METHODS[spec.method].execute(spec);
}
