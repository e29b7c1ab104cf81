import { describe, expect, it } from "vitest";
import { MAX_JSON_BODY_BYTES } from "@/lib/core/model/limits";
import { readJsonBody } from "./json-body";

const json = { "content-type": "application/json" };

/** A body of `total` bytes that counts how many of them the reader pulled. */
function countingBody(total: number, chunk = 16 * 1024) {
  const pulled = { bytes: 0, cancelled: false };
  const piece = new Uint8Array(chunk).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close();
      pulled.bytes += piece.byteLength;
      controller.enqueue(piece);
    },
    cancel() {
      pulled.cancelled = true;
    },
  });
  return { stream, pulled };
}

const post = (body: BodyInit | null, headers: Record<string, string> = json) =>
  new Request("http://test/api/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function refusal(p: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const err = (await p.then(
    () => null,
    (e) => e,
  )) as { status: number; code: string; message: string } | null;
  if (!err) throw new Error("expected a refusal");
  return err;
}

describe("readJsonBody", () => {
  it("cuts an oversized body while it streams, without reading the rest", async () => {
    const { stream, pulled } = countingBody(400 * 1024 * 1024);
    const err = await refusal(readJsonBody(post(stream)));
    expect(err.status).toBe(413);
    expect(err.code).toBe("body_too_large");
    expect(err.message).toContain("MAX_JSON_BODY_BYTES");
    expect(pulled.bytes).toBeLessThan(MAX_JSON_BODY_BYTES + 64 * 1024);
    expect(pulled.cancelled).toBe(true);
  });

  it("refuses a declared length over the limit before reading anything", async () => {
    const { stream, pulled } = countingBody(1024 * 1024);
    const request = post(stream, { ...json, "content-length": String(400 * 1024 * 1024) });
    const err = await refusal(readJsonBody(request));
    expect(err.status).toBe(413);
    expect(pulled.bytes).toBeLessThanOrEqual(16 * 1024);
  });

  it("reads a body at the limit, multi-byte characters split across chunks included", async () => {
    const text = JSON.stringify({ q: "Zürich ".repeat(1000) });
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.subarray(i, i + 7));
        controller.close();
      },
    });
    expect(await readJsonBody(post(stream))).toEqual(JSON.parse(text));
    expect(await readJsonBody(post("x".repeat(10)), { maxBytes: 10 }).catch((e) => e.code)).toBe("invalid_json");
    expect(await readJsonBody(post("1".repeat(11)), { maxBytes: 10 }).catch((e) => e.code)).toBe("body_too_large");
  });

  it("refuses other content types with 415 and reads an empty optional body as {}", async () => {
    const err = await refusal(readJsonBody(post("{}", { "content-type": "text/plain" })));
    expect(err.status).toBe(415);
    expect(await readJsonBody(post(null, {}), { optional: true })).toEqual({});
    expect(await readJsonBody(post("", json), { optional: true })).toEqual({});
  });
});
