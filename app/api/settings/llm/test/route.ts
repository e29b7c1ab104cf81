import { handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { configOfForm, llmSettingsBody } from "@/lib/server/llm/settings-store";
import { testLlmConfig } from "@/lib/server/llm/test-call";

export const dynamic = "force-dynamic";

/**
 * Tests the model a settings form describes (saved or not; a kept key is the stored one) with one
 * small call: 200 `{ok, message, ms}` either way, the message in words.
 */
export const POST = handle(async (request: Request) => {
  const config = await configOfForm(llmSettingsBody.parse(await readJsonBody(request)));
  return Response.json(await testLlmConfig(config));
});
