import "server-only";
import type { LlmSettingsResponse, LlmSettingsView } from "@/lib/core/api/reasoners";
import { canStoreSecrets } from "@/lib/server/postgres/secrets";
import { readLlmConfig, readLlmLimits } from "./config";
import { activeLlm } from "./reasoners";
import { savedLlmSettings } from "./settings-store";

type Env = Record<string, string | undefined>;

/** What the settings page shows: saved and environment models (keys only as "set"), and which one is used. */
export async function llmSettingsResponse(env: Env = process.env): Promise<LlmSettingsResponse> {
  const fromEnv = readLlmConfig(env);
  const environment: LlmSettingsView | null = fromEnv.config
    ? {
        provider: fromEnv.config.provider,
        model: fromEnv.config.model,
        baseURL: fromEnv.config.baseURL ?? null,
        keySet: !!fromEnv.config.apiKey,
      }
    : null;
  // Unset variables are not a problem worth showing; half-set ones are.
  const anySet = ["LLM_PROVIDER", "LLM_BASE_URL", "LLM_MODEL", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"].some((name) =>
    env[name]?.trim(),
  );
  const active = await activeLlm(env);
  return {
    saved: await savedLlmSettings(),
    environment,
    environmentProblem: !fromEnv.config && anySet ? fromEnv.problem : null,
    active: active.config ? active.source : null,
    secretConfigured: canStoreSecrets(),
    ...readLlmLimits(env),
  };
}
