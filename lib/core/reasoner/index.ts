/**
 * The reasoner contract (docs/ARCHITECTURE.md, "Two reasoners"): typed steps with a local and
 * an LLM implementation, the LlmPort that lib/server/llm implements, and runStep with its
 * validation, single repair attempt and fallback to local.
 */
export {
  LlmOutputError,
  LlmTimeoutError,
  type LlmPort,
  type LlmRequest,
  type LlmResponse,
  type LlmUsage,
} from "./llm-port";
export { runStep } from "./run-step";
export { runSamples } from "./samples";
export { withDeadline } from "./llm-attempt";
