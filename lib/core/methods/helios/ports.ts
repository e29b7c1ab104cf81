import type { LlmPort } from "../../reasoner/llm-port";
import type { Reasoner } from "../../trace/atoms";
import type { HeliosIndex } from "./graph-index";
import type { ReaderModel } from "./reader-model";
import type { RerankModel } from "./rerank-model";

/** What HELIOS needs from its surroundings: the indexed bipartite graph and the reasoner. */
export type HeliosPorts = {
  index: HeliosIndex;
  reasoner: Reasoner;
  llm?: LlmPort | null;
  signal?: AbortSignal;
  /** The trained local reader (models/helios-reader.json); without it the untrained overlap reader runs. */
  readerModel?: ReaderModel;
  /** The trained rerankers g_e and g_n (models/helios-reranker.json); without them the untrained fine scorer ranks. */
  rerankModel?: RerankModel;
};
