import "server-only";
import { z } from "zod";
import type { LlmSettingsView } from "@/lib/core/api/reasoners";
import { sameBaseUrl } from "@/lib/core/model/base-url";
import { HttpError } from "@/lib/server/http/errors";
import { canStoreSecrets, decryptSecret, encryptSecret } from "@/lib/server/postgres/secrets";
import { deleteSetting, getSetting, setSetting } from "@/lib/server/stores/settings";
import { type LlmConfig, type LlmProviderId, readLlmLimits } from "./config";

const SETTINGS_KEY = "llm";
const KEY_LABEL = "language model API key";

const LLM_PROVIDERS = ["openai-compatible", "openai", "anthropic"] as const satisfies readonly LlmProviderId[];

/** What the app database keeps (app_settings "llm"): the key only sealed, as connection URLs are. */
const storedSchema = z.object({
  provider: z.enum(LLM_PROVIDERS),
  model: z.string().min(1),
  baseURL: z.string().nullable(),
  sealedKey: z.string().nullable(),
});
type StoredLlmSettings = z.infer<typeof storedSchema>;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * A settings form as the browser sends it (save or test). The key is write-only: a new `apiKey`
 * replaces the stored one, `clearKey` removes it, and neither keeps it.
 */
export const llmSettingsBody = z
  .object({
    provider: z.enum(LLM_PROVIDERS, { error: 'provider must be "openai-compatible", "openai" or "anthropic"' }),
    model: z.string().trim().min(1, "Name a model, e.g. llama3.1 or gpt-4o-mini").max(200),
    baseURL: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .refine(
        (text) => !text || isHttpUrl(text),
        "The base URL must be an http:// or https:// address, e.g. http://127.0.0.1:11434/v1",
      ),
    apiKey: z.string().trim().max(4000).optional(),
    clearKey: z.boolean().optional(),
  })
  .refine((body) => body.provider !== "openai-compatible" || !!body.baseURL, {
    message: "An OpenAI-compatible server needs its base URL, e.g. http://127.0.0.1:11434/v1",
    path: ["baseURL"],
  });
export type LlmSettingsBody = z.infer<typeof llmSettingsBody>;

async function readStored(): Promise<StoredLlmSettings | null> {
  const raw = await getSetting(SETTINGS_KEY);
  if (!raw) return null;
  try {
    return storedSchema.parse(JSON.parse(raw));
  } catch {
    // A row this version cannot read is ignored, not fatal: the page then offers to save anew.
    return null;
  }
}

/** The saved settings as the browser may see them (whether a key is set, never the key). */
export async function savedLlmSettings(): Promise<LlmSettingsView | null> {
  const stored = await readStored();
  return stored
    ? { provider: stored.provider, model: stored.model, baseURL: stored.baseURL, keySet: stored.sealedKey !== null }
    : null;
}

/**
 * The configuration a form describes, with the stored key when the form keeps it. The stored key
 * is bound to the provider and base URL it was saved with: a form naming another address must
 * bring its own key (or clear it), so the saved key never leaves for an address it was not given
 * for. Throws a 400 naming what is missing (a key for OpenAI or Anthropic, a key for a new
 * address) or why the stored key cannot be opened.
 */
export async function configOfForm(body: LlmSettingsBody): Promise<LlmConfig> {
  const stored = await readStored();
  const keepsStoredKey = !body.clearKey && !body.apiKey && !!stored?.sealedKey;
  if (keepsStoredKey && (stored.provider !== body.provider || !sameBaseUrl(stored.baseURL, body.baseURL)))
    throw new HttpError(
      "key_bound_to_url",
      `The saved API key belongs to ${stored.provider}${stored.baseURL ? ` at ${stored.baseURL}` : ""} and is ` +
        "never sent to another address. Type the key for this one, or clear the key.",
    );
  const apiKey = body.clearKey
    ? undefined
    : body.apiKey
      ? body.apiKey
      : keepsStoredKey
        ? openKey(stored.sealedKey!)
        : undefined;
  if (body.provider !== "openai-compatible" && !apiKey)
    throw new HttpError(
      "invalid_request",
      `${body.provider === "openai" ? "OpenAI" : "Anthropic"} needs an API key; type one in the key field.`,
    );
  return {
    provider: body.provider,
    model: body.model,
    ...(body.baseURL ? { baseURL: body.baseURL.replace(/\/+$/, "") } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...readLlmLimits(),
  };
}

/** Saves a form: the key sealed with TABLESIGHT_SECRET (a 400 saying so when it is not set). */
export async function saveLlmSettings(body: LlmSettingsBody): Promise<LlmSettingsView> {
  const config = await configOfForm(body);
  if (config.apiKey && !canStoreSecrets())
    throw new HttpError(
      "secret_missing",
      "TABLESIGHT_SECRET is not set, so an API key cannot be stored safely. Set it on the server, or " +
        "configure the model with environment variables (docs/CONFIGURATION.md).",
    );
  const stored: StoredLlmSettings = {
    provider: config.provider,
    model: config.model,
    baseURL: config.baseURL ?? null,
    sealedKey: config.apiKey ? encryptSecret(config.apiKey) : null,
  };
  await setSetting(SETTINGS_KEY, JSON.stringify(stored));
  return { provider: stored.provider, model: stored.model, baseURL: stored.baseURL, keySet: stored.sealedKey !== null };
}

export async function clearLlmSettings(): Promise<void> {
  await deleteSetting(SETTINGS_KEY);
}

/**
 * The saved model as a configuration for runs, or null when none is saved. A key that cannot be
 * opened (TABLESIGHT_SECRET changed or unset) is a problem in words, not a crash.
 */
export async function savedLlmConfig(): Promise<{ config: LlmConfig | null; problem?: string }> {
  const stored = await readStored();
  if (!stored) return { config: null };
  let apiKey: string | undefined;
  try {
    apiKey = stored.sealedKey ? decryptSecret(stored.sealedKey, KEY_LABEL) : undefined;
  } catch (err) {
    return { config: null, problem: (err as Error).message };
  }
  return {
    config: {
      provider: stored.provider,
      model: stored.model,
      ...(stored.baseURL ? { baseURL: stored.baseURL } : {}),
      ...(apiKey ? { apiKey } : {}),
      ...readLlmLimits(),
    },
  };
}

function openKey(sealed: string): string {
  try {
    return decryptSecret(sealed, KEY_LABEL);
  } catch (err) {
    throw new HttpError("secret_missing", `${(err as Error).message} Type the key again.`);
  }
}
