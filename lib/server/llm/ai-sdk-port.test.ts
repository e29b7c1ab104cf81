import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { runStep } from "@/lib/core/reasoner";
import { pickColumns } from "@/lib/core/reasoner/testing/steps";
import { createRecorder, type TraceEventOf } from "@/lib/core/trace";
import { createAiSdkPort } from "./ai-sdk-port";

const input = { question: "Which county has the most schools?", columns: ["county", "schools", "cds"] };
const good = { reasoning: "named in the question", columns: ["county"] };

/** A V3 generate result whose only content is `text`, with token usage. */
function reply(text: string, inputTokens = 50, outputTokens = 12) {
  return {
    content: [{ type: "text" as const, text }],
    finishReason: { unified: "stop" as const, raw: undefined },
    usage: {
      inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: outputTokens, text: outputTokens, reasoning: undefined },
    },
    warnings: [],
  };
}

function setup(model: MockLanguageModelV3, timeoutMs = 2000) {
  const sink = createRecorder();
  const llm = createAiSdkPort({ model, provider: "mock", modelId: "mock-model", timeoutMs });
  const of = <T extends "llm-call" | "warning">(type: T) =>
    sink.events.filter((e): e is TraceEventOf<T> => e.type === type);
  return { sink, llm, of };
}

const promptText = (call: MockLanguageModelV3["doGenerateCalls"][number]) => JSON.stringify(call.prompt);

describe("AI SDK adapter (MockLanguageModelV3)", () => {
  it("returns a valid object with its tokens and asks for JSON output", async () => {
    const model = new MockLanguageModelV3({ doGenerate: reply(JSON.stringify(good), 80, 9) });
    const { sink, llm, of } = setup(model);
    const result = await runStep(pickColumns, input, { reasoner: "llm", llm, sink, temperature: 0.5 });
    expect(result).toMatchObject({
      output: good,
      reasoner: "llm",
      attempts: 1,
      usage: { inputTokens: 80, outputTokens: 9 },
    });
    expect(of("llm-call")[0]).toMatchObject({
      provider: "mock",
      model: "mock-model",
      ok: true,
      inputTokens: 80,
      outputTokens: 9,
    });
    const call = model.doGenerateCalls[0];
    expect(call.responseFormat).toMatchObject({ type: "json" });
    expect(call.temperature).toBe(0.5);
    expect(promptText(call)).toContain("Which county");
  });

  it("repairs garbage: the second call sees the problem and the first answer", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [reply("Sure! The columns are county and schools."), reply(JSON.stringify(good))],
    });
    const { sink, llm, of } = setup(model);
    const result = await runStep(pickColumns, input, { reasoner: "llm", llm, sink });
    expect(result).toMatchObject({
      output: good,
      reasoner: "llm",
      attempts: 2,
      fallback: false,
      usage: { inputTokens: 100, outputTokens: 24 },
    });
    expect(of("llm-call").map((e) => [e.ok, e.error])).toEqual([
      [false, expect.stringMatching(/^the answer was not valid JSON \(.*\): "Sure! The columns/)],
      [true, undefined],
    ]);
    expect(of("llm-call")[0].inputTokens).toBe(50);
    expect(promptText(model.doGenerateCalls[1])).toContain("Sure! The columns are county and schools.");
  });

  it("explains schema violations field by field", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [reply('{"columns": "county"}'), reply(JSON.stringify(good))],
    });
    const { sink, llm, of } = setup(model);
    await runStep(pickColumns, input, { reasoner: "llm", llm, sink });
    expect(of("llm-call")[0].error).toMatch(/did not match the schema.*reasoning/s);
    expect(promptText(model.doGenerateCalls[1])).toContain("did not match the schema");
  });

  it("falls back to local with a warning after garbage twice", async () => {
    const model = new MockLanguageModelV3({ doGenerate: [reply("no"), reply('```json\n{"oops": true}\n```')] });
    const { sink, llm, of } = setup(model);
    const result = await runStep(pickColumns, input, { reasoner: "llm", llm, sink });
    expect(result).toMatchObject({
      reasoner: "local",
      fallback: true,
      attempts: 2,
      output: { columns: ["county", "schools"] },
    });
    expect(of("llm-call").map((e) => e.ok)).toEqual([false, false]);
    expect(of("warning")).toEqual([
      expect.objectContaining({ code: "llm_fallback", step: "test.pick-columns", reasoner: "local" }),
    ]);
  });

  it("times out a model that never answers, then falls back", async () => {
    const model = new MockLanguageModelV3({ doGenerate: () => new Promise<never>(() => {}) });
    const { sink, llm, of } = setup(model, 60);
    const start = performance.now();
    const result = await runStep(pickColumns, input, { reasoner: "llm", llm, sink });
    expect(performance.now() - start).toBeLessThan(2000);
    expect(result.fallback).toBe(true);
    expect(of("llm-call").map((e) => e.error)).toEqual(["the model did not answer within 60 ms"]);
    expect(model.doGenerateCalls[0].abortSignal?.aborted).toBe(true);
  });

  it("passes provider errors through as a failed call and falls back", async () => {
    let calls = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        if (calls++ === 0) throw new Error("model overloaded");
        return reply(JSON.stringify(good));
      },
    });
    const { sink, llm, of } = setup(model);
    const result = await runStep(pickColumns, input, { reasoner: "llm", llm, sink });
    expect(result).toMatchObject({ reasoner: "local", fallback: true, attempts: 1 });
    expect(of("llm-call")[0]).toMatchObject({ ok: false, error: expect.stringContaining("model overloaded") });
  });
});
