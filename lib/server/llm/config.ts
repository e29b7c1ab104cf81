import "server-only";

export type LlmProviderId = "openai" | "anthropic" | "openai-compatible";

export type LlmConfig = {
  provider: LlmProviderId;
  model: string;
  apiKey?: string;
  /** The server, e.g. http://127.0.0.1:11434/v1 for Ollama; for OpenAI and Anthropic a proxy in front of them. */
  baseURL?: string;
  timeoutMs: number;
  /** Retries of the SDK itself on 429/5xx/network errors, with backoff (LLM_MAX_RETRIES, default 1). */
  maxRetries: number;
};

/** The configured model, or why there is none (a sentence saying which variables to set). */
export type LlmConfigStatus = { config: LlmConfig; problem?: undefined } | { config: null; problem: string };

export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";
export const DEFAULT_ANTHROPIC_MODEL = "claude-haiku-4-5";
const DEFAULT_LLM_TIMEOUT_MS = 30_000;

export const HOW_TO_CONFIGURE =
  "Choose a model under Settings (the gear in the header), or set OPENAI_API_KEY (optionally OPENAI_MODEL), " +
  "or ANTHROPIC_API_KEY (optionally ANTHROPIC_MODEL), " +
  "or LLM_BASE_URL and LLM_MODEL (optionally LLM_API_KEY) for an OpenAI-compatible server such as Ollama, " +
  "vLLM or LM Studio " +
  "(e.g. LLM_BASE_URL=http://127.0.0.1:11434/v1). LLM_TIMEOUT_MS sets the time limit per call (default 30000), " +
  "LLM_MAX_RETRIES the SDK retries on 429/5xx (default 1).";

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string) => env[name]?.trim() || undefined;

/** The time limit per call and the SDK's retries: from the environment, whichever model is used. */
export function readLlmLimits(env: Env = process.env): Pick<LlmConfig, "timeoutMs" | "maxRetries"> {
  const raw = Number(value(env, "LLM_TIMEOUT_MS"));
  const timeoutMs = Number.isFinite(raw) && raw > 0 ? raw : DEFAULT_LLM_TIMEOUT_MS;
  const retries = Number(value(env, "LLM_MAX_RETRIES") ?? 1);
  const maxRetries = Number.isInteger(retries) && retries >= 0 ? retries : 1;
  return { timeoutMs, maxRetries };
}

/**
 * Reads the LLM configuration from environment variables. When several providers are set,
 * LLM_PROVIDER picks one; otherwise an explicit LLM_BASE_URL wins (someone pointed the app at
 * their own server on purpose), then OpenAI, then Anthropic.
 */
export function readLlmConfig(env: Env = process.env): LlmConfigStatus {
  const { timeoutMs, maxRetries } = readLlmLimits(env);
  const chosen = value(env, "LLM_PROVIDER");
  if (chosen && chosen !== "openai" && chosen !== "anthropic" && chosen !== "openai-compatible") {
    return {
      config: null,
      problem: `LLM_PROVIDER must be "openai", "anthropic" or "openai-compatible", not "${chosen}".`,
    };
  }
  const provider: LlmProviderId | undefined =
    (chosen as LlmProviderId | undefined) ??
    (value(env, "LLM_BASE_URL")
      ? "openai-compatible"
      : value(env, "OPENAI_API_KEY")
        ? "openai"
        : value(env, "ANTHROPIC_API_KEY")
          ? "anthropic"
          : undefined);

  switch (provider) {
    case undefined:
      return { config: null, problem: `No language model is configured. ${HOW_TO_CONFIGURE}` };
    case "openai": {
      const apiKey = value(env, "OPENAI_API_KEY");
      if (!apiKey) return { config: null, problem: "LLM_PROVIDER is openai but OPENAI_API_KEY is not set." };
      return {
        config: { provider, model: value(env, "OPENAI_MODEL") ?? DEFAULT_OPENAI_MODEL, apiKey, timeoutMs, maxRetries },
      };
    }
    case "anthropic": {
      const apiKey = value(env, "ANTHROPIC_API_KEY");
      if (!apiKey) return { config: null, problem: "LLM_PROVIDER is anthropic but ANTHROPIC_API_KEY is not set." };
      return {
        config: {
          provider,
          model: value(env, "ANTHROPIC_MODEL") ?? DEFAULT_ANTHROPIC_MODEL,
          apiKey,
          timeoutMs,
          maxRetries,
        },
      };
    }
    case "openai-compatible": {
      const baseURL = value(env, "LLM_BASE_URL");
      const model = value(env, "LLM_MODEL");
      if (!baseURL || !model) {
        return {
          config: null,
          problem:
            "An OpenAI-compatible server needs both LLM_BASE_URL (e.g. http://127.0.0.1:11434/v1) " +
            "and LLM_MODEL (e.g. llama3.1).",
        };
      }
      return {
        config: {
          provider,
          model,
          baseURL: baseURL.replace(/\/+$/, ""),
          apiKey: value(env, "LLM_API_KEY"),
          timeoutMs,
          maxRetries,
        },
      };
    }
  }
}
