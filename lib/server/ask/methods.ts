import "server-only";
import { z, ZodError } from "zod";
import { fgtrParamsSchema, parseFgtrParams } from "@/lib/core/methods/fgtr/params";
import { graphotterParamsSchema, parseGraphotterParams } from "@/lib/core/methods/graphotter/params";
import { heliosParamsSchema, parseHeliosParams } from "@/lib/core/methods/helios/params";
import { parseSgamParams, sgamParamsSchema } from "@/lib/core/methods/sgam/params";
import type { Answer, EventSink, Reasoner } from "@/lib/core/trace";
import { HttpError } from "@/lib/server/http/errors";
import { runFgtrOnDataset } from "@/lib/server/methods/fgtr";
import { runGraphotterOnDataset } from "@/lib/server/methods/graphotter";
import { runHeliosOnDataset } from "@/lib/server/methods/helios/run-on-dataset";
import { runSgamOnDataset } from "@/lib/server/methods/sgam";
import type { ExecuteMethod, RunSpec } from "@/lib/server/runs/execute-run";
import type { AskMethod } from "./ask-request";

type RunOnDataset = (datasetId: string, question: string, reasoner: Reasoner, params: never, sink: EventSink, options: { signal?: AbortSignal }) => Promise<{ answer: Answer }>;

/** One question-answering method: what the workbench shows, its parameters and how it runs. */
type MethodEntry = {
  label: string;
  description: string;
  /** The parameters' schema (rendered by the advanced panel) and its parser, which fills in defaults. */
  paramsSchema: z.ZodType;
  parseParams: (raw: Record<string, unknown>) => Record<string, unknown>;
  run: RunOnDataset;
};

/** Every method of DESIGN.md; the ask route, the catalog and the eval harness read this one table. */
const METHODS: Record<AskMethod, MethodEntry> = {
  fgtr: {
    label: "FGTR",
    description: "Hierarchical retrieval: schema votes, join paths, cell mapping, sub-table, answer.",
    paramsSchema: fgtrParamsSchema,
    parseParams: parseFgtrParams,
    run: runFgtrOnDataset,
  },
  sgam: {
    label: "SGAM",
    description: "Schema-graph path search: decomposition, attribute retrieval, paths to keys (curated edges included), pruning and merging, SQL.",
    paramsSchema: sgamParamsSchema,
    parseParams: parseSgamParams,
    run: runSgamOnDataset,
  },
  graphotter: {
    label: "GraphOTTER",
    description: "One table as a cell graph (merged headers kept): trace of ≤ 8 cells, Thought → Action → Update steps, answer from the trace.",
    paramsSchema: graphotterParamsSchema,
    parseParams: parseGraphotterParams,
    run: runGraphotterOnDataset,
  },
  helios: {
    label: "HELIOS",
    description: "Rows and linked passages as a bipartite graph: edge retrieval, node expansion, star refinement, reader. For datasets with passages.",
    paramsSchema: heliosParamsSchema,
    parseParams: parseHeliosParams,
    run: runHeliosOnDataset,
  },
};

/** One method as the workbench offers it; `params` is a JSON Schema the advanced panel renders. */
export type MethodInfo = { id: string; label: string; description: string; available: boolean; params: Record<string, unknown> | null };

/** The methods with the JSON Schema of their parameters, for GET /api/methods. */
export function methodCatalog(): MethodInfo[] {
  return Object.entries(METHODS).map(([id, m]) => ({
    id,
    label: m.label,
    description: m.description,
    available: true,
    params: z.toJSONSchema(m.paramsSchema, { io: "input" }) as Record<string, unknown>,
  }));
}

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

/** The run's work: emits trace events into the sink and returns the answer. */
export function methodExecutor(spec: RunSpec & { method: AskMethod }): ExecuteMethod {
  const run = METHODS[spec.method].run;
  return async (sink, { signal }) => (await run(spec.datasetId, spec.question, spec.reasoner, spec.params as never, sink, { signal })).answer;
}
