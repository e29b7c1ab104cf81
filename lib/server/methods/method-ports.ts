import "server-only";
import { rankTablesBySchemaVotes } from "@/lib/core/methods/fgtr/table-ranking";
import type { MethodNeed, MethodPorts } from "@/lib/core/methods/module";
import { retrievalPortsOf, semanticModelOfRun, type RetrievalPortOptions } from "@/lib/server/methods/retrieval-ports";
import type { DatasetContext } from "./dataset-context";
import { heliosReaderModel, heliosRerankModel } from "./helios/models";
import { openCellGraph } from "./graphotter/load-grid";
import { graphotterPolicyModel } from "./graphotter/policy-model";
import { ensureLexicalRelations } from "@/lib/server/models/lexical-relations";

/** What builds each port a method may need, from the run's dataset context and options. */
const BUILDERS: {
  [K in MethodNeed]: (context: DatasetContext, options: RetrievalPortOptions) => Promise<MethodPorts[K]>;
} = {
  retrieval: (context, options) => retrievalPortsOf(context, options),
  // GraphOTTER's label features read WordNet's relations, as its policy was trained with them.
  "cell-graph": async (context, options) => ({
    datasetName: context.dataset.name,
    semantic: await semanticModelOfRun(context),
    tables: context.dataset.tables,
    open: (table) => openCellGraph(context, table, options.signal),
    model: (ensureLexicalRelations(), graphotterPolicyModel()),
    retrieval: () => retrievalPortsOf(context, { ...options, learned: false }),
  }),
  // Built on first use: a one-table dataset never needs it. Only the schema vote runs there: no
  // program is chosen, so learned answers are not read.
  "table-ranking": async (context, options) => async (question, sink) =>
    rankTablesBySchemaVotes(question, await retrievalPortsOf(context, { ...options, learned: false }), sink),
  passages: async (context) => ({
    index: await context.passages(),
    readerModel: heliosReaderModel(),
    rerankModel: heliosRerankModel(),
    semantic: await semanticModelOfRun(context),
  }),
};

/**
 * The one adapter between stored datasets and methods: builds the ports a method's `needs` name,
 * and only those, from the run's dataset context. Each carries the dataset's semantic model (the
 * user's edits applied), read for every run.
 */
export async function buildMethodPorts<N extends MethodNeed>(
  context: DatasetContext,
  needs: readonly N[],
  options: RetrievalPortOptions,
): Promise<Pick<MethodPorts, N>> {
  const built = await Promise.all(needs.map(async (need) => [need, await BUILDERS[need](context, options)] as const));
  return Object.fromEntries(built) as Pick<MethodPorts, N>;
}
