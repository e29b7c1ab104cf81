import { handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { configOfForm, llmSettingsBody } from "@/lib/server/llm/settings-store";
import { testLlmConfig } from "@/lib/server/llm/test-call";
import { refuseOwnAddress } from "@/lib/server/llm/base-url-guard";

export const dynamic = "force-dynamic";

/**
 * Tests the model a settings form describes (saved or not; a kept key is the stored one, and only
 * for the address it was saved with) with one small call: 200 `{ok, message, ms}` either way, the
 * message in words and never the body the address answered with. 400 for this app's own address.
 */
export const POST = handle(async (request: Request) => {
  const form = llmSettingsBody.parse(await readJsonBody(request));
  await refuseOwnAddress(form.baseURL, request);
  const config = await configOfForm(form);
  return Response.json(await testLlmConfig(config));
});
