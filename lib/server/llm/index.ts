import "server-only";

/** The only place that imports the AI SDK: providers from settings or env, the LlmPort adapter, reasoners. */
export {
  activeReasoners,
  activeLlm,
  getLlmPort,
  cachedPortFor,
} from "./reasoners";
export { HOW_TO_CONFIGURE } from "./config";
