import "server-only";
import type { ReasonerInfo } from "@/lib/core/model/api-types";
import type { LlmPort } from "@/lib/core/reasoner";
import { createAiSdkPort } from "./ai-sdk-port";
import { readLlmConfig, type LlmConfig } from "./config";
import { createLanguageModel } from "./models";

export type { ReasonerInfo };

type Env = Record<string, string | undefined>;

/** The reasoners this server offers: local always, llm when a provider is configured. */
export function listReasoners(env: Env = process.env): ReasonerInfo[] {
  const local: ReasonerInfo = { id: "local", label: "Local (offline, deterministic)", available: true };
  const status = readLlmConfig(env);
  if (!status.config)
    return [local, { id: "llm", label: "LLM (not configured)", available: false, howToConfigure: status.problem }];
  return [local, { id: "llm", label: `${status.config.provider}:${status.config.model}`, available: true }];
}

// One port per configuration: creating provider clients per request would be wasteful, and the
// key includes everything read from the environment so a changed variable takes effect.
let cached: { key: string; port: LlmPort } | null = null;

/** The configured model as an LlmPort, or null when none is configured. */
export function getLlmPort(env: Env = process.env): LlmPort | null {
  const { config } = readLlmConfig(env);
  if (!config) return null;
  const key = JSON.stringify(config);
  if (cached?.key !== key) cached = { key, port: portFor(config) };
  return cached.port;
}

/** Builds the port for a configuration (exported for tests that point it at a fake server). */
export function portFor(config: LlmConfig): LlmPort {
  return createAiSdkPort({
    model: createLanguageModel(config),
    provider: config.provider,
    modelId: config.model,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
    schemaInPrompt: config.provider === "openai-compatible",
  });
}
