import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runStep } from "@/lib/core/reasoner";
import { pickColumns } from "@/lib/core/reasoner/testing/steps";
import { createRecorder, type TraceEvent } from "@/lib/core/trace";
import { getLlmPort } from "./reasoners";
import { type LoopbackLlm, startLoopbackLlm } from "./testing/loopback-llm";

/**
 * How local model servers fail in practice, over real HTTP on 127.0.0.1 through the AI SDK (no
 * mock of it): every case ends either in the model's answer or in a warning that says what went
 * wrong and the local reasoner's answer for the step, and always within LLM_TIMEOUT_MS.
 */
const TIMEOUT_MS = 1500;
const GOOD = JSON.stringify({ reasoning: "county is asked for", columns: ["county"] });
const input = { question: "Which county has the most schools?", columns: ["county", "schools"] };

let llm: LoopbackLlm;
beforeAll(async () => {
  llm = await startLoopbackLlm();
});
afterAll(() => llm.close());
beforeEach(() => {
  llm.seen.length = 0;
  llm.otherwise({ kind: "json", content: GOOD });
});

async function ask(retries = 0) {
  const env = {
    LLM_BASE_URL: llm.baseURL,
    LLM_MODEL: "tiny-llm",
    LLM_TIMEOUT_MS: String(TIMEOUT_MS),
    LLM_MAX_RETRIES: String(retries),
  };
  const sink = createRecorder();
  const start = performance.now();
  const result = await runStep(pickColumns, input, { reasoner: "llm", llm: getLlmPort(env), sink });
  const ms = performance.now() - start;
  const of = <K extends TraceEvent["type"]>(type: K) =>
    sink.events.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);
  return { result, ms, calls: of("llm-call"), warnings: of("warning") };
}

/** The local reasoner's answer for the step, with the one warning that explains it. */
function expectFallback(run: Awaited<ReturnType<typeof ask>>, says: string | RegExp) {
  // The local reasoner's word match: both columns are named in the question (the model said county only).
  expect(run.result).toMatchObject({ reasoner: "local", fallback: true, output: { columns: ["county", "schools"] } });
  expect(run.warnings).toHaveLength(1);
  expect(run.warnings[0]).toMatchObject({ code: "llm_fallback", step: "test.pick-columns", reasoner: "local" });
  expect(run.warnings[0].message).toMatch(says);
  expect(run.warnings[0].message).toContain("the local reasoner answered this step instead");
  expect(run.ms).toBeLessThan(TIMEOUT_MS);
}

describe("an OpenAI-compatible server that streams, calls tools, garbles, truncates, limits or hangs", () => {
  it("reads an answer streamed as server-sent events although no stream was asked for", async () => {
    llm.script({ kind: "sse", content: GOOD, chunks: 5 });
    const run = await ask();
    expect(run.result).toMatchObject({
      reasoner: "llm",
      attempts: 1,
      fallback: false,
      output: { columns: ["county"] },
    });
    expect(llm.seen[0].body.stream).not.toBe(true);
    expect(run.warnings).toHaveLength(0);
  });

  it("falls back when a streamed answer is cut off at the output limit", async () => {
    llm.otherwise({ kind: "sse", content: GOOD.slice(0, 25), chunks: 2, finishReason: "length" });
    const run = await ask();
    expectFallback(run, /streamed answer was cut off at the model's output limit \(finish reason "length"\)/);
    expect(run.calls).toHaveLength(2);
  });

  it("asks for structured output with the JSON schema, and takes it from a tool call too", async () => {
    llm.script({ kind: "tool-call", name: "json", args: GOOD });
    const run = await ask();
    const body = llm.seen[0].body as { response_format: { type: string; json_schema: { schema: object } } };
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema.schema).toMatchObject({ properties: { columns: { type: "array" } } });
    expect(run.result).toMatchObject({ reasoner: "llm", attempts: 1, output: { columns: ["county"] } });
  });

  it("repairs malformed JSON once, then falls back saying the answer was not JSON", async () => {
    llm.otherwise({ kind: "json", content: "{reasoning: 'county', columns: [county]}" });
    const run = await ask();
    expectFallback(run, /failed "test\.pick-columns" twice \(the answer was not valid JSON \(.+\): "\{reasoning/);
    expect(run.calls.map((c) => c.ok)).toEqual([false, false]);
    // The repair showed the model its own broken answer.
    const repair = (llm.seen[1].body.messages as Array<{ content: string }>).at(-1)?.content;
    expect(repair).toContain("{reasoning: 'county', columns: [county]}");
  });

  it("says a truncated answer was cut off at the output limit (finish_reason length)", async () => {
    llm.otherwise({ kind: "json", content: GOOD.slice(0, 30), finishReason: "length" });
    const run = await ask();
    expectFallback(run, /cut off at the model's output limit \(finish reason "length"\) after 30 characters/);
    expect(run.calls).toHaveLength(2);
  });

  it("retries a 429 as the server's retry-after-ms asks, and gets the answer", async () => {
    llm.script({ kind: "status", status: 429, message: "Rate limit reached", headers: { "retry-after-ms": "100" } });
    const run = await ask(1);
    expect(run.result).toMatchObject({ reasoner: "llm", attempts: 1, fallback: false });
    expect(llm.seen).toHaveLength(2);
    expect(llm.seen[1].at - llm.seen[0].at).toBeGreaterThanOrEqual(90);
    expect(run.calls).toMatchObject([{ ok: true }]);
    expect(run.ms).toBeLessThan(TIMEOUT_MS);
  });

  it("falls back at once, without a repair, when the 429 outlasts the retries", async () => {
    llm.otherwise({ kind: "status", status: 429, message: "Rate limit reached", headers: { "retry-after-ms": "50" } });
    const run = await ask(1);
    expectFallback(run, /HTTP 429 from .*: the server is limiting requests \(Rate limit reached\); 1 retry/);
    expect(run.warnings[0].message).not.toContain("twice");
    expect(llm.seen).toHaveLength(2);
    expect(run.calls).toHaveLength(1);
  });

  it("says the response was not JSON when a proxy answers with a web page", async () => {
    llm.otherwise({ kind: "raw", body: "<html><body>502 Bad Gateway</body></html>", contentType: "text/html" });
    const run = await ask();
    expectFallback(run, /response from .* was not a JSON completion \(text\/html, starting "<html><body>502/);
  });

  it("gives up on a server that never answers after LLM_TIMEOUT_MS, once", async () => {
    llm.otherwise({ kind: "hang" });
    const env = { LLM_BASE_URL: llm.baseURL, LLM_MODEL: "tiny-llm", LLM_TIMEOUT_MS: String(TIMEOUT_MS) };
    const sink = createRecorder();
    const start = performance.now();
    const result = await runStep(pickColumns, input, { reasoner: "llm", llm: getLlmPort(env), sink });
    const ms = performance.now() - start;
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(ms).toBeLessThan(TIMEOUT_MS + 500);
    expect(result).toMatchObject({ reasoner: "local", fallback: true, attempts: 1 });
    expect(llm.seen).toHaveLength(1);
    const warning = sink.events.find((e) => e.type === "warning");
    expect(warning).toMatchObject({
      code: "llm_fallback",
      message:
        `The model failed "test.pick-columns" (the model did not answer within ${TIMEOUT_MS} ms); ` +
        "the local reasoner answered this step instead.",
    });
  });
});
