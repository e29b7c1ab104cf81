import "server-only";
import type { LlmConfigSource, ReasonerInfo } from "@/lib/core/api/reasoners";
import type { LlmPort } from "@/lib/core/reasoner";
import { createAiSdkPort } from "./ai-sdk-port";
import { type LlmConfig, type LlmConfigStatus, readLlmConfig } from "./config";
import { createLanguageModel } from "./models";
import { savedLlmConfig } from "./settings-store";

export type { ReasonerInfo };

type Env = Record<string, string | undefined>;

/** The model runs use: the one saved on the settings page, else the environment's, else none. */
export type ActiveLlm = { config: LlmConfig; source: LlmConfigSource } | { config: null; problem: string };

/**
 * Which model the llm reasoner uses now. Settings saved in the app win over environment variables:
 * they were chosen on purpose in the UI, and clearing them returns to the environment's model.
 */
export async function activeLlm(env: Env = process.env): Promise<ActiveLlm> {
  const saved = await savedLlmConfig();
  if (saved.config) return { config: saved.config, source: "settings" };
  const fromEnv = readLlmConfig(env);
  if (fromEnv.config) return { config: fromEnv.config, source: "environment" };
  return { config: null, problem: saved.problem ? `${saved.problem} ${fromEnv.problem}` : fromEnv.problem };
}

/** The active model (saved settings, else the environment's) as a port, or null when none is set. */
export async function activeLlmPort(env: Env = process.env): Promise<LlmPort | null> {
  const { config } = await activeLlm(env);
  return config ? cachedPortFor(config) : null;
}

/** The reasoners this server offers: local always, llm when a model is saved or set by the environment. */
export async function activeReasoners(env: Env = process.env): Promise<ReasonerInfo[]> {
  const active = await activeLlm(env);
  return reasonersOf(active.config ? { config: active.config } : active, active.config ? active.source : undefined);
}

/** The reasoners the environment alone configures (scripts, and tests that pass their own env). */
export function listReasoners(env: Env = process.env): ReasonerInfo[] {
  return reasonersOf(readLlmConfig(env), "environment");
}

function reasonersOf(status: LlmConfigStatus, source: LlmConfigSource | undefined): ReasonerInfo[] {
  const local: ReasonerInfo = { id: "local", label: "Local (offline, deterministic)", available: true };
  if (!status.config)
    return [local, { id: "llm", label: "LLM (not configured)", available: false, howToConfigure: status.problem }];
  return [
    local,
    {
      id: "llm",
      label: `${status.config.provider}:${status.config.model}`,
      available: true,
      ...(source && { source }),
    },
  ];
}

// One port per configuration: creating provider clients per request would be wasteful, and the
// key includes every setting so a changed variable or a newly saved model takes effect.
let cached: { key: string; port: LlmPort } | null = null;

/** The model the environment alone configures as an LlmPort, or null (tests that pass their own env). */
export function getLlmPort(env: Env = process.env): LlmPort | null {
  const { config } = readLlmConfig(env);
  return config ? cachedPortFor(config) : null;
}

/** The port for a configuration, reused while the configuration stays the same. */
export function cachedPortFor(config: LlmConfig): LlmPort {
  const key = JSON.stringify(config);
  if (cached?.key !== key) cached = { key, port: portFor(config) };
  return cached.port;
}

/** Builds the port for a configuration (exported for tests that point it at a fake server). */
function portFor(config: LlmConfig): LlmPort {
  return createAiSdkPort({
    model: createLanguageModel(config),
    provider: config.provider,
    modelId: config.model,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
    schemaInPrompt: config.provider === "openai-compatible",
  });
}
