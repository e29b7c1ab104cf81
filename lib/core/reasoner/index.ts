/**
 * The reasoner contract (docs/ARCHITECTURE.md, "Two reasoners"): typed steps with a local and
 * an LLM implementation, the LlmPort that lib/server/llm implements, and runStep with its
 * validation, single repair attempt and fallback to local.
 */
export { defineStep, type Step, type StepContext, type StepPrompt } from "./step";
export {
  LlmOutputError,
  LlmTimeoutError,
  type LlmPort,
  type LlmRequest,
  type LlmResponse,
  type LlmUsage,
} from "./llm-port";
export { runStep, DEFAULT_LLM_TIMEOUT_MS, type RunStepOptions, type StepResult } from "./run-step";
export { runSamples, DEFAULT_SAMPLE_TEMPERATURE, type RunSamplesOptions } from "./samples";
export { withDeadline, repairPrompt, describeError } from "./llm-attempt";
