// The reasoners and the LLM settings: GET /api/reasoners, /api/settings/llm and its test call.
// Declared once (no copies): the routes build these shapes and the client reads them.

/** One choice of reasoner for the UI's picker (GET /api/reasoners). */
export type ReasonerInfo = {
  id: "local" | "llm";
  label: string;
  available: boolean;
  /** When not available: which environment variables to set. */
  howToConfigure?: string;
  /** Where the llm reasoner's model is configured: the settings page or environment variables. */
  source?: LlmConfigSource;
};

export type LlmProvider = "openai-compatible" | "openai" | "anthropic";

export type LlmConfigSource = "settings" | "environment";

/** A model configuration as the browser sees it: never the API key, only whether one is set. */
export type LlmSettingsView = { provider: LlmProvider; model: string; baseURL: string | null; keySet: boolean };

/** GET /api/settings/llm: what is saved, what the environment sets, and which one runs use. */
export type LlmSettingsResponse = {
  saved: LlmSettingsView | null;
  environment: LlmSettingsView | null;
  /** Why the environment's variables configure no model, when some are set but not enough. */
  environmentProblem: string | null;
  active: LlmConfigSource | null;
  /** Whether an API key can be stored (TABLESIGHT_SECRET is set), as for connection URLs. */
  secretConfigured: boolean;
  timeoutMs: number;
  maxRetries: number;
};

/** POST /api/settings/llm/test: one small call to the model, and what came of it in words. */
export type LlmTestResponse = { ok: boolean; message: string; ms: number; reply?: string };

export type ReasonersResponse = { reasoners: ReasonerInfo[]; howToConfigure: string };
