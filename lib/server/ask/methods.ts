import "server-only";
import { z, ZodError } from "zod";
import { fgtrParamsSchema } from "@/lib/core/methods/fgtr/params";
import { graphotterParamsSchema } from "@/lib/core/methods/graphotter/params";
import { heliosParamsSchema } from "@/lib/core/methods/helios/params";
import { sgamParamsSchema } from "@/lib/core/methods/sgam/params";
import type { MethodInfo } from "@/lib/core/model/api-types";
import type { Answer, EventSink, Reasoner } from "@/lib/core/trace";
import { HttpError } from "@/lib/server/http/errors";
import { runFgtrOnDataset } from "@/lib/server/methods/fgtr";
import { runGraphotterOnDataset } from "@/lib/server/methods/graphotter";
import { runHeliosOnDataset } from "@/lib/server/methods/helios/run-on-dataset";
import type { RunOnDatasetOptions } from "@/lib/server/methods/run-options";
import { runSgamOnDataset } from "@/lib/server/methods/sgam";
import type { ExecuteMethod, RunSpec } from "@/lib/server/runs/execute-run";
import { searchPassages } from "@/lib/server/passages/store";
import type { AskMethod } from "./ask-request";

/**
 * One question-answering method, typed by its parameter schema P and its result R: what the
 * workbench shows, the schema the advanced panel renders (and that fills in defaults), and how it
 * runs on a stored dataset with parameters already parsed by that schema.
 */
export type MethodContract<P extends z.ZodType, R extends { answer: Answer }> = {
  label: string;
  description: string;
  paramsSchema: P;
  /** What this method would like from a dataset that it lacks (shown beside its name), or null. */
  needs?: (datasetId: string) => Promise<string | null>;
  run: (
    datasetId: string,
    question: string,
    reasoner: Reasoner,
    params: z.output<P>,
    sink: EventSink,
    options: RunOnDatasetOptions,
  ) => Promise<R>;
};

/** Keeps each entry's own parameter and result types (no `never`, no cast at the call). */
function defineMethod<P extends z.ZodType, R extends { answer: Answer }>(
  contract: MethodContract<P, R>,
): MethodContract<P, R> {
  return contract;
}

/** Every method; the ask route, GET /api/methods and the eval harness read this one table. */
export const METHODS = {
  fgtr: defineMethod({
    label: "FGTR",
    description: "Hierarchical retrieval: schema votes, join paths, cell mapping, sub-table, answer.",
    paramsSchema: fgtrParamsSchema,
    run: runFgtrOnDataset,
  }),
  sgam: defineMethod({
    label: "SGAM",
    description:
      "Schema-graph path search: decomposition, attribute retrieval, paths to keys (curated edges included), " +
      "pruning and merging, SQL.",
    paramsSchema: sgamParamsSchema,
    run: runSgamOnDataset,
  }),
  graphotter: defineMethod({
    label: "GraphOTTER",
    description:
      "One table as a cell graph (merged headers kept): trace of ≤ 8 cells, Thought → Action → Update steps, " +
      "answer from the trace.",
    paramsSchema: graphotterParamsSchema,
    run: runGraphotterOnDataset,
  }),
  helios: defineMethod({
    label: "HELIOS",
    description:
      "Rows and linked passages as a bipartite graph: edge retrieval, node expansion, star refinement, reader. " +
      "For datasets with passages.",
    paramsSchema: heliosParamsSchema,
    // HELIOS reads rows with their passages; without any it still runs, on rows alone.
    needs: async (datasetId) => ((await searchPassages(datasetId, "", 0, 1)).total === 0 ? "add passages first" : null),
    run: runHeliosOnDataset,
  }),
} satisfies Record<AskMethod, MethodContract<z.ZodType, { answer: Answer }>>;

export type { MethodInfo };

/**
 * The methods with the JSON Schema of their parameters, for GET /api/methods: the one place that says
 * which methods a dataset can run and what each would like it to have (`note`).
 */
export async function methodCatalog(datasetId?: string): Promise<MethodInfo[]> {
  const contracts: Array<[string, MethodContract<z.ZodType, { answer: Answer }>]> = Object.entries(METHODS);
  return Promise.all(
    contracts.map(async ([id, m]) => ({
      id,
      label: m.label,
      description: m.description,
      available: true,
      note: datasetId && m.needs ? await m.needs(datasetId) : null,
      params: z.toJSONSchema(m.paramsSchema, { io: "input" }) as MethodInfo["params"],
    })),
  );
}

/** A method's parameters parsed once (defaults filled in) and the run bound to them. */
export type PreparedMethod = {
  params: Record<string, unknown>;
  execute: (spec: RunSpec, options?: RunOnDatasetOptions) => ExecuteMethod;
};

/** Parses the method's parameters (a 400 naming the bad one) and binds its run to them. */
export function prepareMethod<M extends AskMethod>(method: M, raw: Record<string, unknown>): PreparedMethod {
  const contract: MethodContract<z.ZodType, { answer: Answer }> = METHODS[method];
  let params: Record<string, unknown>;
  try {
    params = contract.paramsSchema.parse(raw) as Record<string, unknown>;
  } catch (err) {
    if (!(err instanceof ZodError)) throw err;
    const issue = err.issues[0];
    throw new HttpError(
      "invalid_params",
      `Parameter ${issue?.path.join(".") || "(params)"}: ${issue?.message ?? "invalid value"}.`,
      400,
    );
  }
  return {
    params,
    execute:
      (spec, options = {}) =>
      async (sink, { signal }) =>
        (await contract.run(spec.datasetId, spec.question, spec.reasoner, params, sink, { ...options, signal })).answer,
  };
}
