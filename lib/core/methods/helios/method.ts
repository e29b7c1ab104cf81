import { defineMethod } from "../module";
import { heliosParamsSchema } from "./params";
import type { HeliosResult } from "./run-helios";

/** HELIOS as the app runs it: the registry's entry, its parameters and the ports it reads (steps load on first run). */
export const heliosMethod = defineMethod({
  id: "helios",
  label: "HELIOS",
  description:
    "Rows and linked passages as a bipartite graph: edge retrieval, node expansion, star refinement, reader. " +
    "For datasets with passages.",
  paramsSchema: heliosParamsSchema,
  // It reads rows with their passages; without any it still runs, on rows alone (the catalog notes the lack).
  needs: ["passages"],
  async run(input, ports, sink): Promise<HeliosResult> {
    const { runHelios } = await import("./run-helios");
    return runHelios(
      input.question,
      input.params,
      {
        index: ports.passages.index,
        readerModel: ports.passages.readerModel,
        rerankModel: ports.passages.rerankModel,
        reasoner: input.reasoner,
        llm: input.llm,
        signal: input.signal,
      },
      sink,
    );
  },
});
