import { handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { llmSettingsResponse } from "@/lib/server/llm/settings-view";
import { clearLlmSettings, llmSettingsBody, saveLlmSettings } from "@/lib/server/llm/settings-store";

export const dynamic = "force-dynamic";

/** The saved model (whether a key is set, never the key), the environment's, and which one runs use. */
export const GET = handle(async () => Response.json(await llmSettingsResponse()));

/** Saves the model runs use; the API key is stored encrypted (400 secret_missing without TABLESIGHT_SECRET). */
export const PUT = handle(async (request: Request) => {
  await saveLlmSettings(llmSettingsBody.parse(await readJsonBody(request)));
  return Response.json(await llmSettingsResponse());
});

/** Forgets the saved model; the environment's, if any, is used again. */
export const DELETE = handle(async () => {
  await clearLlmSettings();
  return Response.json(await llmSettingsResponse());
});
