import { handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { llmSettingsResponse } from "@/lib/server/llm/settings-view";
import { clearLlmSettings, llmSettingsBody, saveLlmSettings } from "@/lib/server/llm/settings-store";
import { refuseOwnAddress } from "@/lib/server/llm/base-url-guard";

export const dynamic = "force-dynamic";

/** The saved model (whether a key is set, never the key), the environment's, and which one runs use. */
export const GET = handle(async () => Response.json(await llmSettingsResponse()));

/**
 * Saves the model runs use; the API key is stored encrypted, bound to the base URL it is saved
 * with (400 key_bound_to_url for a new address without a key; 400 for this app's own address).
 */
export const PUT = handle(async (request: Request) => {
  const form = llmSettingsBody.parse(await readJsonBody(request));
  await refuseOwnAddress(form.baseURL, request);
  await saveLlmSettings(form);
  return Response.json(await llmSettingsResponse());
});

/** Forgets the saved model; the environment's, if any, is used again. */
export const DELETE = handle(async () => {
  await clearLlmSettings();
  return Response.json(await llmSettingsResponse());
});
