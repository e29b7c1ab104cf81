import "server-only";
import {
  APICallError,
  generateText,
  NoObjectGeneratedError,
  Output,
  RetryError,
  type LanguageModel,
  type LanguageModelUsage,
} from "ai";
import { z } from "zod";
import {
  LlmOutputError,
  LlmTimeoutError,
  withDeadline,
  type LlmPort,
  type LlmRequest,
  type LlmResponse,
  type LlmUsage,
} from "@/lib/core/reasoner";

export type AiSdkPortOptions = {
  model: LanguageModel;
  /** Provider and model names for the trace. */
  provider: string;
  modelId: string;
  timeoutMs: number;
  /**
   * Also describe the JSON schema in the system prompt. For OpenAI-compatible servers: some
   * (older Ollama, llama.cpp builds) accept response_format but do not enforce the schema.
   */
  schemaInPrompt?: boolean;
  /** Retries of the SDK itself for 429/5xx; the reasoner's repair attempt comes on top. */
  maxRetries?: number;
};

/**
 * The AI SDK behind core's LlmPort: structured output through generateText + Output.object,
 * a time limit per call, token usage, and SDK errors translated into core's error types.
 */
export function createAiSdkPort(options: AiSdkPortOptions): LlmPort {
  const { model, provider, modelId, timeoutMs } = options;
  return {
    provider,
    model: modelId,
    timeoutMs,
    async generateObject<T>(request: LlmRequest<T>): Promise<LlmResponse<T>> {
      try {
        const result = await withDeadline(
          (abortSignal) =>
            generateText({
              model,
              system: options.schemaInPrompt ? withSchema(request.system, request.schema) : request.system,
              prompt: request.prompt,
              temperature: request.temperature,
              output: Output.object({ schema: request.schema }),
              abortSignal,
              maxRetries: options.maxRetries ?? 1,
              // Non-strict: strict JSON-schema mode rejects optional fields, and zod checks the result anyway.
              providerOptions: { openai: { strictJsonSchema: false }, openaiCompatible: { strictJsonSchema: false } },
            }),
          timeoutMs,
          request.signal,
        );
        return { object: result.output, usage: toUsage(result.totalUsage), provider, model: modelId };
      } catch (err) {
        throw translateError(err, request.schema);
      }
    },
  };
}

function withSchema(system: string, schema: z.ZodType): string {
  try {
    return (
      `${system}\n\nAnswer with one JSON object that matches this JSON Schema, ` +
      `and nothing else:\n${JSON.stringify(z.toJSONSchema(schema))}`
    );
  } catch {
    // Schemas with transforms have no JSON Schema form; the model still gets response_format.
    return system;
  }
}

function toUsage(usage: LanguageModelUsage | undefined): LlmUsage {
  const out: LlmUsage = {};
  if (usage?.inputTokens !== undefined) out.inputTokens = usage.inputTokens;
  if (usage?.outputTokens !== undefined) out.outputTokens = usage.outputTokens;
  return out;
}

/** Maps SDK errors to what the reasoner understands; the message is what the repair prompt shows. */
function translateError(err: unknown, schema: z.ZodType): unknown {
  if (err instanceof LlmTimeoutError) return err;
  if (NoObjectGeneratedError.isInstance(err))
    return new LlmOutputError(explainInvalid(err.text, schema), err.text, toUsage(err.usage));
  // After SDK retries the interesting error is the last one, not "failed after 2 attempts".
  const cause = RetryError.isInstance(err) ? err.lastError : err;
  if (APICallError.isInstance(cause)) {
    return new Error(
      cause.statusCode
        ? `HTTP ${cause.statusCode} from ${cause.url}: ${cause.message}`
        : `${cause.message} (${cause.url})`,
    );
  }
  return cause;
}

/** Re-validates the raw text with zod for a readable problem list instead of the SDK's dump. */
function explainInvalid(text: string | undefined, schema: z.ZodType): string {
  if (!text?.trim()) return "the answer was empty";
  let value: unknown;
  try {
    value = JSON.parse(stripFence(text));
  } catch {
    return "the answer was not valid JSON";
  }
  const parsed = schema.safeParse(value);
  return parsed.success
    ? "the answer did not match the schema"
    : `the JSON did not match the schema: ${z.prettifyError(parsed.error)}`;
}

function stripFence(text: string): string {
  const m = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return m ? m[1] : text;
}
