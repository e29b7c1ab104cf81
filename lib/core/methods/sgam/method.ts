import { defineMethod } from "../module";
import { sgamParamsSchema } from "./params";
import type { SgamResult } from "./run-sgam";

/** SGAM as the app runs it: the registry's entry, its parameters and the ports it reads (steps load on first run). */
export const sgamMethod = defineMethod({
  id: "sgam",
  label: "SGAM",
  description:
    "Schema-graph path search: decomposition, attribute retrieval, paths to keys (curated edges included), " +
    "pruning and merging, SQL.",
  paramsSchema: sgamParamsSchema,
  needs: ["retrieval"],
  takesConstraints: true,
  answersWithReadings: true,
  async run(input, ports, sink): Promise<SgamResult> {
    const { runSgam } = await import("./run-sgam");
    if (ports.retrieval.indexSource === "temporary")
      sink.emit({
        type: "warning",
        code: "index_not_ready",
        message:
          "This dataset's index is still being built; a temporary index without curated edges was used for this " +
          "question.",
      });
    return runSgam(input.question, input.params, ports.retrieval, sink, input.constraints);
  },
  // Its retrieved attributes are the "selected" columns, the attributes plus the paths' keys the read ones;
  // it builds no sub-tables: a batch scores the cells its answer query reads (lib/server/runs/batch-score.ts).
  retrievalView: (r) => ({
    selected: r.attributes.map((a) => ({ table: a.table, column: a.column })),
    columns: r.columns,
    tables: r.tables,
    subTables: null,
  }),
});
