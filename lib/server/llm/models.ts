import "server-only";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { LlmConfig } from "./config";

/** The AI SDK model object for a configuration. */
export function createLanguageModel(config: LlmConfig): LanguageModel {
  switch (config.provider) {
    case "openai":
      // A base URL here is a proxy or gateway in front of the provider's own API.
      return createOpenAI({ apiKey: config.apiKey, ...(config.baseURL && { baseURL: config.baseURL }) })(config.model);
    case "anthropic":
      return createAnthropic({ apiKey: config.apiKey, ...(config.baseURL && { baseURL: config.baseURL }) })(
        config.model,
      );
    case "openai-compatible":
      // Structured outputs on: Ollama, vLLM and LM Studio accept response_format json_schema, and
      // the schema also goes into the prompt for servers that ignore it (see ai-sdk-port.ts).
      return createOpenAICompatible({
        name: "openaiCompatible",
        baseURL: config.baseURL!,
        apiKey: config.apiKey,
        supportsStructuredOutputs: true,
      }).chatModel(config.model);
  }
}
