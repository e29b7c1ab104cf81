import type { z } from "zod";

/**
 * The port through which core asks a language model for structured output. Core never imports
 * the AI SDK; lib/server/llm implements this interface, tests pass fakes.
 */
export interface LlmPort {
  /** Provider name for the trace, e.g. "openai", "anthropic", "openai-compatible". */
  readonly provider: string;
  /** Model id for the trace. */
  readonly model: string;
  /** Default time limit of one call in ms; runStep uses it unless told otherwise. */
  readonly timeoutMs?: number;
  /**
   * Asks for one object matching `schema`. Throws LlmOutputError when the model answered with
   * something that is not such an object, any other error for transport failures; must stop
   * when `signal` aborts.
   */
  generateObject<T>(request: LlmRequest<T>): Promise<LlmResponse<T>>;
}

export type LlmRequest<T> = {
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  /** > 0 for the K voting samples; left to the provider default when undefined. */
  temperature?: number;
  signal?: AbortSignal;
};

export type LlmUsage = { inputTokens?: number; outputTokens?: number };

export type LlmResponse<T> = {
  object: T;
  usage: LlmUsage;
  provider: string;
  model: string;
};

/**
 * The model answered, but not with a valid object. Carries the raw text so the repair attempt
 * can show the model what it said, and the tokens it cost.
 */
export class LlmOutputError extends Error {
  readonly code = "llm_invalid_output";
  constructor(
    message: string,
    readonly text?: string,
    readonly usage: LlmUsage = {},
  ) {
    super(message);
    this.name = "LlmOutputError";
  }
}

/** The model did not answer within the time limit. */
export class LlmTimeoutError extends Error {
  readonly code = "llm_timeout";
  constructor(readonly ms: number) {
    super(`the model did not answer within ${ms} ms`);
    this.name = "LlmTimeoutError";
  }
}
