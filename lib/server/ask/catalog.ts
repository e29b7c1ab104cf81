import "server-only";
import { z } from "zod";
import { fgtrParamsSchema } from "@/lib/core/methods/fgtr/params";
import { sgamParamsSchema } from "@/lib/core/methods/sgam/params";
import { graphotterParamsSchema } from "@/lib/core/methods/graphotter/params";
import { heliosParamsSchema } from "@/lib/core/methods/helios/params";

/** One method as the workbench offers it; `params` is a JSON Schema the advanced panel renders. */
export type MethodInfo = {
  id: string;
  label: string;
  description: string;
  available: boolean;
  params: Record<string, unknown> | null;
};

/** Every method of DESIGN.md; all four run. */
export function methodCatalog(): MethodInfo[] {
  return [
    {
      id: "fgtr",
      label: "FGTR",
      description: "Hierarchical retrieval: schema votes, join paths, cell mapping, sub-table, answer.",
      available: true,
      params: z.toJSONSchema(fgtrParamsSchema, { io: "input" }) as Record<string, unknown>,
    },
    {
      id: "sgam",
      label: "SGAM",
      description: "Schema-graph path search: decomposition, attribute retrieval, paths to keys (curated edges included), pruning and merging, SQL.",
      available: true,
      params: z.toJSONSchema(sgamParamsSchema, { io: "input" }) as Record<string, unknown>,
    },
    {
      id: "graphotter",
      label: "GraphOTTER",
      description: "One table as a cell graph (merged headers kept): trace of ≤ 8 cells, Thought → Action → Update steps, answer from the trace.",
      available: true,
      params: z.toJSONSchema(graphotterParamsSchema, { io: "input" }) as Record<string, unknown>,
    },
    {
      id: "helios",
      label: "HELIOS",
      description: "Rows and linked passages as a bipartite graph: edge retrieval, node expansion, star refinement, reader. For datasets with passages.",
      available: true,
      params: z.toJSONSchema(heliosParamsSchema, { io: "input" }) as Record<string, unknown>,
    },
  ];
}
