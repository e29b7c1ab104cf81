import "server-only";
import { generateText, Output, type LanguageModel, type LanguageModelUsage } from "ai";
import { z } from "zod";
import {
  LlmOutputError,
  withDeadline,
  type LlmPort,
  type LlmRequest,
  type LlmResponse,
  type LlmUsage,
} from "@/lib/core/reasoner";
import { explainLlmError, stripFence } from "./call-errors";
import { type StreamedCompletion, streamedCompletionOf } from "./streamed-answer";

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
      const maxRetries = options.maxRetries ?? 1;
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
              maxRetries,
              // Non-strict: strict JSON-schema mode rejects optional fields, and zod checks the result anyway.
              providerOptions: { openai: { strictJsonSchema: false }, openaiCompatible: { strictJsonSchema: false } },
            }),
          timeoutMs,
          request.signal,
        );
        const usage = toUsage(result.totalUsage);
        // Some servers put the structured answer in a tool call and leave the text empty.
        const toolCall = result.text.trim() === "" && result.toolCalls.length === 1 ? result.toolCalls[0] : null;
        const object = (toolCall ? toolCall.input : result.output) as T;
        return { object, usage, provider, model: modelId };
      } catch (err) {
        const streamed = streamedCompletionOf(err);
        if (streamed) return { ...readStreamed<T>(streamed), provider, model: modelId };
        throw explainLlmError(err, request.schema, maxRetries);
      }
    },
  };
}

/** The object in a streamed answer's text, or the output error that says why there is none. */
function readStreamed<T>({ text, finishReason, usage }: StreamedCompletion): { object: T; usage: LlmUsage } {
  if (finishReason === "length")
    throw new LlmOutputError(
      `the streamed answer was cut off at the model's output limit (finish reason "length") after ` +
        `${text.length} characters, before its JSON was complete`,
      text,
      usage,
    );
  try {
    return { object: JSON.parse(stripFence(text)) as T, usage };
  } catch {
    throw new LlmOutputError(
      finishReason
        ? "the streamed answer was not valid JSON"
        : "the streamed answer ended without a finish reason, and its text is not valid JSON",
      text,
      usage,
    );
  }
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
