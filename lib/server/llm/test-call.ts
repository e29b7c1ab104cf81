import "server-only";
import { generateText } from "ai";
import { withDeadline } from "@/lib/core/reasoner";
import type { LlmTestResponse } from "@/lib/core/api/reasoners";
import { explainLlmError } from "./call-errors";
import type { LlmConfig } from "./config";
import { createLanguageModel } from "./models";

const TEST_PROMPT = "Reply with the single word: ready";
/** Most characters of the model's reply the test repeats (a model says "ready"; nothing else is echoed). */
const MAX_REPLY_CHARS = 40;

/**
 * One small real call through the AI SDK, as the settings page's "Test" button asks: the same
 * provider, base URL, key and time limit runs use, no retries (a test should say at once what is
 * wrong). Never throws: the outcome is a sentence, which says what failed (the status, the
 * connection) but never repeats what the address answered: the test can name any address.
 */
export async function testLlmConfig(config: LlmConfig): Promise<LlmTestResponse> {
  const start = performance.now();
  const ms = () => Math.round(performance.now() - start);
  try {
    const result = await withDeadline(
      (abortSignal) =>
        generateText({
          model: createLanguageModel(config),
          prompt: TEST_PROMPT,
          maxOutputTokens: 16,
          temperature: 0,
          maxRetries: 0,
          abortSignal,
        }),
      config.timeoutMs,
    );
    const text = result.text.replace(/\s+/g, " ").trim();
    const reply = text.length > MAX_REPLY_CHARS ? `${text.slice(0, MAX_REPLY_CHARS)}…` : text;
    const where = config.baseURL ? ` at ${config.baseURL}` : "";
    const said = reply ? `: "${reply}"` : " (with no text)";
    const took = ms();
    return {
      ok: true,
      ms: took,
      reply,
      message: `${config.provider}:${config.model}${where} answered in ${took} ms${said}.`,
    };
  } catch (err) {
    return { ok: false, ms: ms(), message: capitalize(explainLlmError(err, undefined, 0, { echo: false }).message) };
  }
}

function capitalize(text: string): string {
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
