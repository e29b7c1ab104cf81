import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runStep } from "@/lib/core/reasoner";
import { pickColumns } from "@/lib/core/reasoner/testing/steps";
import { createRecorder } from "@/lib/core/trace";
import { getLlmPort, listReasoners } from "./reasoners";

/**
 * The HTTP path end to end: env → @ai-sdk/openai-compatible → a fake OpenAI-compatible server on
 * 127.0.0.1 that answers /v1/chat/completions with scripted message contents.
 */
type Seen = { url: string; auth: string | undefined; body: Record<string, unknown> };
const seen: Seen[] = [];
const contents: string[] = [];
let server: http.Server;
let baseURL = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      seen.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(raw) });
      const content = contents.shift() ?? "{}";
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${seen.length}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: "tiny-llm",
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
          usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("OpenAI-compatible server over HTTP", () => {
  it("configures from env, sends a JSON-schema request and reads the object and tokens", async () => {
    const env = { LLM_BASE_URL: `${baseURL}/`, LLM_MODEL: "tiny-llm", LLM_API_KEY: "sk-local", LLM_TIMEOUT_MS: "5000" };
    expect(listReasoners(env)[1]).toEqual({
      id: "llm",
      label: "openai-compatible:tiny-llm",
      available: true,
      source: "environment",
    });
    const llm = getLlmPort(env);
    expect(llm).not.toBeNull();
    contents.push("I think county.", JSON.stringify({ reasoning: "county is asked for", columns: ["county"] }));

    const sink = createRecorder();
    const input = { question: "Which county has the most schools?", columns: ["county", "schools"] };
    const result = await runStep(pickColumns, input, { reasoner: "llm", llm, sink, temperature: 0.3 });

    expect(result).toMatchObject({
      output: { columns: ["county"] },
      reasoner: "llm",
      attempts: 2,
      usage: { inputTokens: 84, outputTokens: 14 },
    });
    expect(seen).toHaveLength(2);
    const body = seen[0].body as {
      model: string;
      temperature: number;
      response_format: { type: string; json_schema: { schema: object } };
      messages: Array<{ role: string; content: string }>;
    };
    expect(seen[0].auth).toBe("Bearer sk-local");
    expect(body.model).toBe("tiny-llm");
    expect(body.temperature).toBe(0.3);
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema.schema).toMatchObject({ type: "object" });
    // The schema is in the prompt too, for servers that accept response_format but ignore it.
    expect(body.messages[0]).toMatchObject({ role: "system" });
    expect(body.messages[0].content).toContain('"columns"');
    const repair = (seen[1].body as typeof body).messages.at(-1)!.content;
    expect(repair).toContain("I think county.");
    const calls = sink.events.filter((e) => e.type === "llm-call");
    expect(calls.map((e) => e.type === "llm-call" && [e.provider, e.model, e.ok, e.inputTokens])).toEqual([
      ["openai-compatible", "tiny-llm", false, 42],
      ["openai-compatible", "tiny-llm", true, 42],
    ]);
  });

  it("turns an unreachable server into failed calls and a local fallback", async () => {
    // A port that was just free: nothing listens there.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const env = {
      LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
      LLM_MODEL: "tiny-llm",
      LLM_TIMEOUT_MS: "3000",
      LLM_MAX_RETRIES: "0",
    };
    const sink = createRecorder();
    const result = await runStep(
      pickColumns,
      { question: "county?", columns: ["county"] },
      { reasoner: "llm", llm: getLlmPort(env), sink },
    );
    expect(result).toMatchObject({ reasoner: "local", fallback: true, output: { columns: ["county"] } });
    expect(sink.events.find((e) => e.type === "llm-call")).toMatchObject({
      ok: false,
      error: expect.stringContaining("Cannot connect"),
    });
    expect(sink.events.some((e) => e.type === "warning" && e.code === "llm_fallback")).toBe(true);
  });
});
