import type { LlmPort } from "../../reasoner/llm-port";
import type { Reasoner } from "../../trace/atoms";
import type { HeliosIndex } from "./graph-index";

/** What HELIOS needs from its surroundings: the indexed bipartite graph and the reasoner. */
export type HeliosPorts = {
  index: HeliosIndex;
  reasoner: Reasoner;
  llm?: LlmPort | null;
  signal?: AbortSignal;
};
