import { apiFetch, jsonBody } from "@/components/api/client";
import type { LlmProvider, LlmSettingsResponse, LlmTestResponse } from "@/lib/core/api/reasoners";

/** The settings form as it is sent: a new key replaces the stored one, clearKey removes it, neither keeps it. */
export type LlmSettingsForm = {
  provider: LlmProvider;
  model: string;
  baseURL: string;
  apiKey?: string;
  clearKey?: boolean;
};

export { sameBaseUrl } from "@/lib/core/model/base-url";

export const getLlmSettings = () => apiFetch<LlmSettingsResponse>("/api/settings/llm");

export const saveLlmSettings = (form: LlmSettingsForm) =>
  apiFetch<LlmSettingsResponse>("/api/settings/llm", { method: "PUT", ...jsonBody(form) });

export const clearLlmSettings = () => apiFetch<LlmSettingsResponse>("/api/settings/llm", { method: "DELETE" });

export const testLlmSettings = (form: LlmSettingsForm) =>
  apiFetch<LlmTestResponse>("/api/settings/llm/test", { method: "POST", ...jsonBody(form) });

export const PROVIDERS: { id: LlmProvider; label: string; modelHint: string; urlHint: string }[] = [
  {
    id: "openai-compatible",
    label: "OpenAI-compatible server (Ollama, vLLM, LM Studio, …)",
    modelHint: "llama3.1",
    urlHint: "http://127.0.0.1:11434/v1",
  },
  { id: "openai", label: "OpenAI", modelHint: "gpt-4o-mini", urlHint: "optional: a proxy in front of OpenAI" },
  {
    id: "anthropic",
    label: "Anthropic",
    modelHint: "claude-haiku-4-5",
    urlHint: "optional: a proxy in front of Anthropic",
  },
];
