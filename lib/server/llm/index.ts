import "server-only";

/** The only place that imports the AI SDK: providers from settings or env, the LlmPort adapter, reasoners. */
export {
  activeReasoners,
  activeLlm,
  activeLlmPort,
  cachedPortFor,
} from "./reasoners";
export {
  HOW_TO_CONFIGURE,
  type LlmConfig,
} from "./config";
