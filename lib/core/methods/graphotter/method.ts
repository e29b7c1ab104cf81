import { defineMethod } from "../module";
import { graphotterParamsSchema } from "./params";
import type { GraphotterResult } from "./run-graphotter";

/**
 * GraphOTTER as the app runs it on a stored dataset: one table as a cell graph (./dataset-run.ts).
 * Its steps load with its first run (the main thread reads the entry, never runs it).
 */
export const graphotterMethod = defineMethod({
  id: "graphotter",
  label: "GraphOTTER",
  description:
    "One table as a cell graph (merged headers kept): trace of ≤ 8 cells, Thought → Action → Update steps, " +
    "answer from the trace.",
  paramsSchema: graphotterParamsSchema,
  needs: ["cell-graph", "table-ranking"],
  async run(input, ports, sink): Promise<GraphotterResult & { table: string }> {
    const { runOnDataset } = await import("./dataset-run");
    return runOnDataset(input, ports, sink);
  },
});
