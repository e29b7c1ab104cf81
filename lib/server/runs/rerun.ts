import "server-only";
import { z } from "zod";
import {
  constraintProblems,
  hasConstraints,
  runConstraintsSchema,
  type RunConstraints,
} from "@/lib/core/retrieval/constraints/types";
import { findMethod, METHOD_MODULES } from "@/lib/core/methods/registry";
import { HttpError } from "@/lib/server/http/errors";
import { openDatasetContext } from "@/lib/server/methods/dataset-context";
import type { LoadedDataset } from "@/lib/server/methods/run-options";
import type { RunDetail } from "@/lib/server/stores/runs";
import type { RunRequest } from "@/lib/core/api/runs";
import type { ExecuteMethod } from "./execute-run";
import { executeInPool, prepareRun } from "./method.task";

/** Methods whose steps honour constraints (the registry says); the others re-run only with new parameters. */
const CONSTRAINED_METHODS: readonly string[] = METHOD_MODULES.filter((m) => m.takesConstraints).map((m) => m.id);

const rerunBodySchema = z.object(
  {
    constraints: runConstraintsSchema.default(runConstraintsSchema.parse({})),
    params: z.record(z.string(), z.unknown(), { error: "`params` must be an object of method parameters." }).optional(),
  },
  { error: "Send a JSON object: {constraints: {includeColumns?, excludeColumns?, …}, params?}." },
);

export type RerunRequest = { constraints: RunConstraints; params?: Record<string, unknown> };

/** Validates the body of POST /api/runs/:id/rerun; a 400 names the field at fault. */
export function parseRerunRequest(raw: unknown): RerunRequest {
  const body = rerunBodySchema.safeParse(raw);
  if (body.success) return body.data;
  const issue = body.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  throw new HttpError("invalid_constraints", `${where}${issue?.message ?? "Invalid request."}`);
}

/**
 * The child run of a re-run: the parent's question, method and reasoner, its parameters with
 * the new ones over them, and the constraints, checked against the dataset (a column or edge it
 * lacks is a 400 naming it; nothing is stored).
 */
export async function planRerun(
  parent: RunDetail,
  dataset: LoadedDataset,
  body: RerunRequest,
): Promise<{ spec: RunRequest; execute: ExecuteMethod }> {
  const method = parent.method;
  if (!findMethod(method))
    throw new HttpError("unknown_method", `Run ${parent.id} used method "${parent.method}", which cannot re-run.`);
  const constrained = hasConstraints(body.constraints);
  if (constrained && !CONSTRAINED_METHODS.includes(method))
    throw new HttpError(
      "constraints_unsupported",
      `Method "${method}" does not take constraints; pins and exclusions steer ${CONSTRAINED_METHODS.join(" and ")}.`,
    );
  if (constrained) {
    const index = await openDatasetContext(dataset).retrievalIndex();
    const problems = constraintProblems(body.constraints, index.schema, index.graph);
    if (problems.length) throw new HttpError("invalid_constraints", problems.join(" "));
  }
  const { request: spec } = prepareRun({
    datasetId: parent.datasetId,
    question: parent.question,
    method,
    reasoner: parent.reasoner,
    params: { ...parent.params, ...(body.params ?? {}) },
    parentRunId: parent.id,
    ...(constrained ? { constraints: body.constraints } : {}),
  });
  return { spec, execute: executeInPool(spec, { dataset }) };
}
