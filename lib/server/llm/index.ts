import "server-only";

/** The only place that imports the AI SDK: providers from settings or env, the LlmPort adapter, reasoners. */
export {
  listReasoners,
  activeReasoners,
  activeLlm,
  activeLlmPort,
  getLlmPort,
  cachedPortFor,
  portFor,
  type ActiveLlm,
  type ReasonerInfo,
} from "./reasoners";
export {
  readLlmConfig,
  HOW_TO_CONFIGURE,
  DEFAULT_OPENAI_MODEL,
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_LLM_TIMEOUT_MS,
  type LlmConfig,
  type LlmConfigStatus,
  type LlmProviderId,
} from "./config";
export { createAiSdkPort, type AiSdkPortOptions } from "./ai-sdk-port";
export { traceStreamResponse } from "./ui-stream";
