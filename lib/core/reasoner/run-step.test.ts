import { describe, expect, it } from "vitest";
import { createRecorder, type TraceEventOf } from "../trace";
import { LlmOutputError, runSamples, runStep } from "./index";
import { FakeLlmPort, pickColumns } from "./testing/steps";

const input = { question: "Which county has the most schools?", columns: ["county", "schools", "cds"] };
const good = { reasoning: "county and schools are named", columns: ["county", "schools"] };

function setup(replies: ConstructorParameters<typeof FakeLlmPort>[0], timeoutMs?: number) {
  const sink = createRecorder();
  const llm = new FakeLlmPort(replies, timeoutMs);
  const of = <T extends "llm-call" | "warning" | "step-end">(type: T) =>
    sink.events.filter((e): e is TraceEventOf<T> => e.type === type);
  return { sink, llm, of };
}

describe("runStep with the local reasoner", () => {
  it("validates input, runs local, records a step-end", async () => {
    const { sink, of } = setup([]);
    const result = await runStep(pickColumns, input, { reasoner: "local", sink });
    expect(result).toMatchObject({
      output: { columns: ["county", "schools"] },
      reasoner: "local",
      attempts: 0,
      fallback: false,
    });
    expect(of("step-end")).toEqual([
      expect.objectContaining({ step: "test.pick-columns", reasoner: "local", attempts: 0, fallback: false }),
    ]);
    await expect(runStep(pickColumns, { question: "", columns: [] }, { reasoner: "local", sink })).rejects.toThrow();
  });

  it("fails loudly when a local implementation breaks its own output schema", async () => {
    const broken = { ...pickColumns, local: () => ({ reasoning: 1 }) as never };
    await expect(runStep(broken, input, { reasoner: "local", sink: createRecorder() })).rejects.toThrow();
  });
});

describe("runStep with the llm reasoner", () => {
  it("returns a valid answer in one call and records tokens", async () => {
    const { sink, llm, of } = setup([{ object: good, inputTokens: 120, outputTokens: 30 }]);
    const result = await runStep(pickColumns, input, { reasoner: "llm", llm, sink, temperature: 0 });
    expect(result).toMatchObject({
      output: good,
      reasoner: "llm",
      attempts: 1,
      fallback: false,
      usage: { inputTokens: 120, outputTokens: 30 },
    });
    expect(of("llm-call")).toEqual([
      expect.objectContaining({
        step: "test.pick-columns",
        provider: "fake",
        model: "scripted-1",
        ok: true,
        attempt: 1,
        inputTokens: 120,
        outputTokens: 30,
        temperature: 0,
        reasoner: "llm",
      }),
    ]);
    expect(llm.requests[0].prompt).toContain("Which county");
    expect(llm.requests[0].signal).toBeInstanceOf(AbortSignal);
  });

  it("repairs garbage once, showing the model its error", async () => {
    const { sink, llm, of } = setup([
      { object: { columns: "county" }, inputTokens: 10, outputTokens: 3 },
      { object: good, inputTokens: 15, outputTokens: 4 },
    ]);
    const result = await runStep(pickColumns, input, { reasoner: "llm", llm, sink });
    expect(result).toMatchObject({
      output: good,
      reasoner: "llm",
      attempts: 2,
      fallback: false,
      usage: { inputTokens: 25, outputTokens: 7 },
    });
    expect(of("llm-call").map((e) => [e.attempt, e.ok])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(of("llm-call")[0].error).toMatch(/reasoning|columns/);
    expect(llm.requests[1].prompt).toContain("could not be used");
    expect(llm.requests[1].prompt).toContain('{"columns":"county"}');
    expect(of("warning")).toEqual([]);
  });

  it("treats failed domain checks as invalid output", async () => {
    const { sink, llm } = setup([{ object: { reasoning: "", columns: ["zip"] } }, { object: good }]);
    const result = await runStep(pickColumns, input, { reasoner: "llm", llm, sink });
    expect(result.attempts).toBe(2);
    expect(llm.requests[1].prompt).toContain('column "zip" does not exist');
  });

  it("falls back to local with a warning after two bad answers", async () => {
    const { sink, llm, of } = setup([
      { object: "nonsense" },
      { throw: new LlmOutputError("not JSON", "Sure! Here are the columns", { inputTokens: 9 }) },
    ]);
    const result = await runStep(pickColumns, input, { reasoner: "llm", llm, sink });
    expect(result).toMatchObject({
      output: { columns: ["county", "schools"] },
      reasoner: "local",
      attempts: 2,
      fallback: true,
      usage: { inputTokens: 9 },
    });
    expect(llm.requests[1].prompt).toContain('"nonsense"');
    expect(of("warning")).toEqual([expect.objectContaining({ step: "test.pick-columns", code: "llm_fallback" })]);
    expect(of("step-end")[0]).toMatchObject({ reasoner: "local", fallback: true, attempts: 2 });
  });

  it("times out a model that never answers and falls back within one time limit, without a repair", async () => {
    const { sink, llm, of } = setup(["hang", "hang"], 40);
    const start = performance.now();
    const result = await runStep(pickColumns, input, { reasoner: "llm", llm, sink });
    expect(performance.now() - start).toBeLessThan(1000);
    expect(result).toMatchObject({ fallback: true, attempts: 1, reasoner: "local" });
    expect(of("llm-call").map((e) => e.error)).toEqual(["the model did not answer within 40 ms"]);
    expect(of("warning")[0].message).toContain("did not answer");
    expect(of("warning")[0].message).not.toContain("twice");
  });

  it("falls back at once when the call throws (a network error is not the model's mistake to repair)", async () => {
    const { sink, llm, of } = setup([{ throw: new Error("ECONNREFUSED") }, { object: good }]);
    const result = await runStep(pickColumns, input, { reasoner: "llm", llm, sink });
    expect(result).toMatchObject({ reasoner: "local", attempts: 1, fallback: true });
    expect(of("llm-call")).toHaveLength(1);
    expect(of("llm-call")[0]).toMatchObject({ ok: false, error: "ECONNREFUSED" });
    expect(of("warning")[0]).toMatchObject({ code: "llm_fallback", message: expect.stringContaining("ECONNREFUSED") });
  });

  it("runs locally with a warning when no model is configured", async () => {
    const { sink, of } = setup([]);
    const result = await runStep(pickColumns, input, { reasoner: "llm", llm: null, sink });
    expect(result).toMatchObject({ reasoner: "local", fallback: true, attempts: 0 });
    expect(of("warning")[0].code).toBe("llm_not_configured");
  });

  it("stops without fallback when the run is aborted", async () => {
    const { sink, llm, of } = setup(["hang", "hang"], 10_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("client went away")), 20);
    await expect(
      runStep(pickColumns, input, { reasoner: "llm", llm, sink, signal: controller.signal }),
    ).rejects.toThrow("client went away");
    expect(of("llm-call")).toHaveLength(1);
    expect(of("step-end")).toHaveLength(0);
  });
});

describe("runSamples", () => {
  it("runs K local rounds with their round number, in order", async () => {
    const sink = createRecorder();
    const results = await runSamples(pickColumns, 3, () => input, { reasoner: "local", sink });
    expect(results.map((r) => r.output.columns)).toEqual([
      ["county", "schools"],
      ["county", "schools"],
      ["county", "schools"],
    ]);
    const other = { ...input, question: "How many schools?" };
    const varied = await runSamples(pickColumns, 2, () => other, { reasoner: "local", sink });
    expect(varied.map((r) => r.output.columns)).toEqual([["schools"], ["schools", "county"]]);
  });

  it("samples the model at temperature > 0 with shuffled inputs, concurrently, keeping round order", async () => {
    const sink = createRecorder();
    const llm = new FakeLlmPort([{ object: good }, { object: { reasoning: "", columns: ["cds"] } }, { object: good }]);
    const orders = [
      ["county", "schools", "cds"],
      ["cds", "county", "schools"],
      ["schools", "cds", "county"],
    ];
    const results = await runSamples(pickColumns, 3, (round) => ({ ...input, columns: orders[round] }), {
      reasoner: "llm",
      llm,
      sink,
      concurrency: 3,
    });
    expect(results.map((r) => r.reasoner)).toEqual(["llm", "llm", "llm"]);
    expect(llm.requests.map((r) => r.temperature)).toEqual([0.7, 0.7, 0.7]);
    expect(llm.requests.map((r) => r.prompt.split("\n")[1])).toEqual(orders.map((o) => `Columns: ${o.join(", ")}`));
    const calls = sink.events.filter((e) => e.type === "llm-call");
    expect(calls.map((e) => e.type === "llm-call" && e.sample).sort()).toEqual([0, 1, 2]);
  });
});
