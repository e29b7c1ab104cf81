import { describe, expect, it } from "vitest";
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL, readLlmConfig } from "./config";
import { getLlmPort, listReasoners } from "./reasoners";

describe("readLlmConfig", () => {
  it("picks OpenAI, Anthropic or an OpenAI-compatible server from env, with defaults", () => {
    expect(readLlmConfig({ OPENAI_API_KEY: "k" }).config).toEqual({
      provider: "openai",
      model: DEFAULT_OPENAI_MODEL,
      apiKey: "k",
      timeoutMs: 30000,
      maxRetries: 1,
    });
    expect(
      readLlmConfig({ ANTHROPIC_API_KEY: "a", ANTHROPIC_MODEL: "claude-sonnet-4-5", LLM_TIMEOUT_MS: "5000" }).config,
    ).toEqual({
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      apiKey: "a",
      timeoutMs: 5000,
      maxRetries: 1,
    });
    expect(readLlmConfig({ ANTHROPIC_API_KEY: "a" }).config?.model).toBe(DEFAULT_ANTHROPIC_MODEL);
    expect(
      readLlmConfig({ LLM_BASE_URL: "http://127.0.0.1:11434/v1/", LLM_MODEL: "llama3.1", OPENAI_API_KEY: "k" }).config,
    ).toEqual({
      provider: "openai-compatible",
      model: "llama3.1",
      baseURL: "http://127.0.0.1:11434/v1",
      apiKey: undefined,
      timeoutMs: 30000,
      maxRetries: 1,
    });
  });

  it("lets LLM_PROVIDER choose and explains what is missing", () => {
    expect(
      readLlmConfig({ LLM_PROVIDER: "anthropic", OPENAI_API_KEY: "k", ANTHROPIC_API_KEY: "a" }).config?.provider,
    ).toBe("anthropic");
    expect(readLlmConfig({ LLM_PROVIDER: "openai" }).problem).toContain("OPENAI_API_KEY");
    expect(readLlmConfig({ LLM_PROVIDER: "gemini" }).problem).toContain("LLM_PROVIDER");
    expect(readLlmConfig({ LLM_BASE_URL: "http://x/v1" }).problem).toContain("LLM_MODEL");
    expect(readLlmConfig({ OPENAI_API_KEY: "k", LLM_TIMEOUT_MS: "soon" }).config?.timeoutMs).toBe(30000);
    expect(readLlmConfig({ OPENAI_API_KEY: "k", LLM_MAX_RETRIES: "0" }).config?.maxRetries).toBe(0);
    expect(readLlmConfig({ OPENAI_API_KEY: "k", LLM_MAX_RETRIES: "-2" }).config?.maxRetries).toBe(1);
  });
});

describe("listReasoners", () => {
  it("offers local always and says how to configure an LLM when none is set", () => {
    const [local, llm] = listReasoners({});
    expect(local).toMatchObject({ id: "local", available: true });
    expect(llm).toMatchObject({ id: "llm", available: false });
    for (const name of ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "LLM_BASE_URL", "LLM_MODEL"])
      expect(llm.howToConfigure).toContain(name);
    expect(getLlmPort({})).toBeNull();
  });

  it("labels a configured model provider:model and reuses its port", () => {
    const env = { OPENAI_API_KEY: "k", OPENAI_MODEL: "gpt-4.1-mini" };
    expect(listReasoners(env)[1]).toEqual({
      id: "llm",
      label: "openai:gpt-4.1-mini",
      available: true,
      source: "environment",
    });
    const port = getLlmPort(env);
    expect(port).toMatchObject({ provider: "openai", model: "gpt-4.1-mini", timeoutMs: 30000 });
    expect(getLlmPort(env)).toBe(port);
    expect(getLlmPort({ ANTHROPIC_API_KEY: "a" })?.provider).toBe("anthropic");
  });
});
