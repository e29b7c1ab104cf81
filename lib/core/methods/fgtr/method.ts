import { defineMethod } from "../module";
import { fgtrParamsSchema } from "./params";
import type { FgtrResult } from "./run-fgtr";

/**
 * FGTR as the app runs it: the registry's entry, its parameters and the ports it reads. Its steps
 * load with its first run (the main thread reads the entry, never runs it).
 */
export const fgtrMethod = defineMethod({
  id: "fgtr",
  label: "FGTR",
  description: "Hierarchical retrieval: schema votes, join paths, cell mapping, sub-table, answer.",
  paramsSchema: fgtrParamsSchema,
  needs: ["retrieval"],
  takesConstraints: true,
  answersWithReadings: true,
  async run(input, ports, sink): Promise<FgtrResult> {
    const { runFgtr } = await import("./run-fgtr");
    if (ports.retrieval.indexSource === "temporary")
      sink.emit({
        type: "warning",
        code: "index_not_ready",
        message: "This dataset's index is still being built; a temporary index made for this question was used.",
      });
    return runFgtr(input.question, input.params, ports.retrieval, sink, input.constraints);
  },
  retrievesCells: true,
  retrievalView: (r) => ({ selected: r.selected, columns: r.filled, tables: r.tables, subTables: r.subTables }),
});
