import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest } from "@/lib/server/postgres/testing/api";
import { useLocalReasonerOnly, useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { type LoopbackLlm, startLoopbackLlm } from "./testing/loopback-llm";

// The settings routes over a real app database and a loopback model server: what is stored, what
// the browser gets back (never the key), which model runs use, and what "Test" says.
useTempDataDir();
useLocalReasonerOnly();
process.env.TABLESIGHT_SECRET = "settings-test-secret";
process.env.LLM_TIMEOUT_MS = "3000";
const settings = await import("@/app/api/settings/llm/route");
const testRoute = await import("@/app/api/settings/llm/test/route");
const { getSetting } = await import("@/lib/server/stores/settings");
const { activeReasoners, activeLlm } = await import("./reasoners");
const { closeAppDb } = await import("@/lib/server/db/app-db");

const KEY = "sk-loopback-0123456789";
let llm: LoopbackLlm;
beforeAll(async () => {
  llm = await startLoopbackLlm();
  llm.otherwise({ kind: "json", content: "ready" });
});
afterAll(async () => {
  await llm.close();
  await closeAppDb();
});

const put = (body: unknown) => settings.PUT(jsonRequest("/api/settings/llm", "PUT", body));
const test = (body: unknown) => testRoute.POST(jsonRequest("/api/settings/llm/test", "POST", body));

async function closedPort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("LLM settings API", () => {
  it("starts with no model, and the llm reasoner unavailable", async () => {
    const body = await (await settings.GET()).json();
    expect(body).toMatchObject({ saved: null, environment: null, active: null, secretConfigured: true });
    expect((await activeReasoners())[1]).toMatchObject({ id: "llm", available: false });
  });

  it("refuses a form without a base URL or with a URL that is not http(s), naming the field", async () => {
    const missing = await put({ provider: "openai-compatible", model: "tiny-llm" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toMatch(/needs its base URL.*\(baseURL\)/);
    const ftp = await put({ provider: "openai-compatible", model: "m", baseURL: "ftp://x/v1" });
    expect((await ftp.json()).error.message).toContain("http:// or https://");
    const noKey = await put({ provider: "openai", model: "gpt-4o-mini" });
    expect((await noKey.json()).error.message).toContain("OpenAI needs an API key");
  });

  it("saves the key encrypted, never sends it back, and makes the llm reasoner available", async () => {
    const res = await put({
      provider: "openai-compatible",
      model: "tiny-llm",
      baseURL: `${llm.baseURL}/`,
      apiKey: KEY,
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(KEY);
    expect(JSON.parse(text)).toMatchObject({
      saved: { provider: "openai-compatible", model: "tiny-llm", baseURL: llm.baseURL, keySet: true },
      active: "settings",
    });
    const stored = (await getSetting("llm")) ?? "";
    expect(stored).not.toContain(KEY);
    expect(stored).toMatch(/"sealedKey":"v1\./);
    expect((await activeReasoners())[1]).toEqual({
      id: "llm",
      label: "openai-compatible:tiny-llm",
      available: true,
      source: "settings",
    });
    expect(await activeLlm()).toMatchObject({ source: "settings", config: { apiKey: KEY, timeoutMs: 3000 } });
  });

  it("tests the form with one real call, using the stored key when the form keeps it", async () => {
    const before = llm.seen.length;
    const res = await test({ provider: "openai-compatible", model: "tiny-llm", baseURL: llm.baseURL });
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, reply: "ready" });
    expect(body.message).toMatch(
      /^openai-compatible:tiny-llm at http:\/\/127\.0\.0\.1:\d+\/v1 answered in \d+ ms: "ready"\.$/,
    );
    expect(llm.seen).toHaveLength(before + 1);
    expect(llm.seen.at(-1)?.auth).toBe(`Bearer ${KEY}`);
  });

  it("says in words why a test failed: nothing listening, a refused key, no such model", async () => {
    const port = await closedPort();
    const refused = await (
      await test({ provider: "openai-compatible", model: "m", baseURL: `http://127.0.0.1:${port}/v1`, clearKey: true })
    ).json();
    expect(refused).toMatchObject({ ok: false });
    expect(refused.message).toBe(
      `Cannot connect to http://127.0.0.1:${port}/v1: nothing is listening there (connection refused). ` +
        "Check the base URL and that the server runs.",
    );
    llm.script({ kind: "status", status: 401, message: "Incorrect API key provided" });
    const denied = await (await test({ provider: "openai-compatible", model: "m", baseURL: llm.baseURL })).json();
    expect(denied.message).toMatch(/^HTTP 401 from .*: the API key was refused\.$/);
    llm.script({ kind: "status", status: 404, message: "model 'nope' not found" });
    const missing = await (await test({ provider: "openai-compatible", model: "nope", baseURL: llm.baseURL })).json();
    expect(missing.message).toContain("no such endpoint or model; check the base URL");
  });

  it("never repeats what the tested address answered", async () => {
    const page = "INTERNAL-ADMIN-PAGE token=abc123";
    for (const reply of [
      { kind: "status", status: 403, message: page },
      { kind: "status", status: 500, message: page },
      { kind: "raw", body: `<html>${page}</html>`, contentType: "text/html" },
    ] as const) {
      llm.script(reply);
      const body = await (await test({ provider: "openai-compatible", model: "m", baseURL: llm.baseURL })).json();
      expect(body.ok).toBe(false);
      expect(body.message).toMatch(/HTTP \d{3}|not a JSON completion|response/);
      expect(body.message).not.toMatch(/INTERNAL|abc123/);
    }
  });

  it("never sends the saved key to another base URL, nor to this app's own address", async () => {
    const other = await startLoopbackLlm();
    other.otherwise({ kind: "json", content: "ready" });
    try {
      const elsewhere = { provider: "openai-compatible", model: "tiny-llm", baseURL: other.baseURL };
      for (const res of [await test(elsewhere), await put(elsewhere)]) {
        expect(res.status).toBe(400);
        expect((await res.json()).error).toMatchObject({ code: "key_bound_to_url" });
      }
      // Another provider at the saved address is another destination too.
      const asOpenAi = await test({ provider: "openai", model: "gpt-4o-mini", baseURL: llm.baseURL });
      expect((await asOpenAi.json()).error).toMatchObject({ code: "key_bound_to_url" });
      expect(other.seen).toHaveLength(0);
      // A key typed with the new address goes there, and only that key.
      const typed = await (await test({ ...elsewhere, apiKey: "sk-other-key" })).json();
      expect(typed.ok).toBe(true);
      expect(other.seen.map((r) => r.auth)).toEqual(["Bearer sk-other-key"]);
      for (const own of [
        "http://127.0.0.1:3000/v1",
        "http://localhost:3000",
        "http://127.0.0.1/api",
        "http://[::1]:3000",
      ]) {
        const res = await test({ provider: "openai-compatible", model: "m", baseURL: own, apiKey: "k" });
        expect(res.status, own).toBe(400);
        expect((await res.json()).error).toMatchObject({ code: "base_url_is_this_app" });
        expect((await put({ provider: "openai-compatible", model: "m", baseURL: own })).status, own).toBe(400);
      }
      expect(JSON.stringify(llm.seen.slice(-1))).not.toContain("sk-other-key");
    } finally {
      await other.close();
    }
  });

  it("refuses to store a key without TABLESIGHT_SECRET, and saves a keyless local server", async () => {
    delete process.env.TABLESIGHT_SECRET;
    try {
      const res = await put({ provider: "openai-compatible", model: "tiny-llm", baseURL: llm.baseURL, apiKey: "k" });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: "secret_missing" });
      const keyless = await put({
        provider: "openai-compatible",
        model: "llama3.1",
        baseURL: llm.baseURL,
        clearKey: true,
      });
      expect((await keyless.json()).saved).toMatchObject({ model: "llama3.1", keySet: false });
    } finally {
      process.env.TABLESIGHT_SECRET = "settings-test-secret";
    }
  });

  it("forgets the saved model; the environment's is used again and says where it comes from", async () => {
    process.env.LLM_BASE_URL = llm.baseURL;
    process.env.LLM_MODEL = "env-model";
    try {
      expect((await activeReasoners())[1]).toMatchObject({ label: "openai-compatible:llama3.1", source: "settings" });
      const body = await (await settings.DELETE()).json();
      expect(body).toMatchObject({ saved: null, active: "environment", environment: { model: "env-model" } });
      expect((await activeReasoners())[1]).toMatchObject({
        label: "openai-compatible:env-model",
        source: "environment",
      });
    } finally {
      useLocalReasonerOnly();
    }
  });
});
