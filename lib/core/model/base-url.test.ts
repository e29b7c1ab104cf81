import { describe, expect, it } from "vitest";
import { sameBaseUrl } from "./base-url";

describe("sameBaseUrl", () => {
  it("reads one address however it is written", () => {
    expect(sameBaseUrl("http://127.0.0.1:11434/v1/", "http://127.0.0.1:11434/v1")).toBe(true);
    expect(sameBaseUrl("HTTP://Example.com:80/v1", "http://example.com/v1")).toBe(true);
    expect(sameBaseUrl(null, "")).toBe(true);
  });

  it("tells apart another host, port, scheme or path", () => {
    expect(sameBaseUrl("http://127.0.0.1:11434/v1", "http://127.0.0.1:11435/v1")).toBe(false);
    expect(sameBaseUrl("http://a.example/v1", "http://b.example/v1")).toBe(false);
    expect(sameBaseUrl("https://a.example/v1", "http://a.example/v1")).toBe(false);
    expect(sameBaseUrl("http://a.example/v1", "http://a.example/v2")).toBe(false);
    expect(sameBaseUrl("http://a.example/v1", null)).toBe(false);
  });
});
