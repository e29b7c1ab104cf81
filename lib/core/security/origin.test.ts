import { describe, expect, it } from "vitest";
import { isStateChanging, originRefusal, parseAllowedOrigins, type OriginHeaders } from "./origin";

const HOST = "127.0.0.1:3000";
const post = (headers: Partial<OriginHeaders>): OriginHeaders => ({
  method: "POST",
  host: HOST,
  origin: null,
  secFetchSite: null,
  ...headers,
});
const none = new Set<string>();

describe("Origin rule", () => {
  it("checks POST, PUT, PATCH and DELETE only", () => {
    expect(["POST", "put", "PATCH", "DELETE"].every(isStateChanging)).toBe(true);
    expect(["GET", "HEAD", "OPTIONS"].some(isStateChanging)).toBe(false);
    expect(
      originRefusal({ ...post({ origin: "http://evil.example", secFetchSite: "cross-site" }), method: "GET" }, none),
    ).toBeNull();
  });

  it("refuses a change sent from another site or another origin", () => {
    expect(originRefusal(post({ origin: "http://evil.example", secFetchSite: "cross-site" }), none)).toContain(
      "TABLESIGHT_ALLOWED_ORIGINS",
    );
    expect(originRefusal(post({ secFetchSite: "cross-site" }), none)).toMatch(/another site/);
    // Another port on the same machine is "same-site" for the browser, yet another origin.
    expect(originRefusal(post({ origin: "http://127.0.0.1:4000", secFetchSite: "same-site" }), none)).toMatch(
      /127\.0\.0\.1:4000/,
    );
    expect(originRefusal(post({ origin: "null" }), none)).not.toBeNull();
    expect(originRefusal(post({ origin: "https://127.0.0.1:3000.evil.example" }), none)).not.toBeNull();
  });

  it("lets the app's own pages and tools without Origin (curl) through", () => {
    expect(originRefusal(post({ origin: "http://127.0.0.1:3000", secFetchSite: "same-origin" }), none)).toBeNull();
    expect(originRefusal(post({ origin: "http://LOCALHOST:3000", host: "localhost:3000" }), none)).toBeNull();
    expect(originRefusal(post({}), none)).toBeNull();
    expect(originRefusal(post({ secFetchSite: "none" }), none)).toBeNull();
  });

  it("lets origins listed in TABLESIGHT_ALLOWED_ORIGINS through, even cross-site", () => {
    const { origins, invalid } = parseAllowedOrigins("https://tablesight.example.com, http://localhost:5173/");
    expect(invalid).toEqual([]);
    expect(
      originRefusal(post({ origin: "https://tablesight.example.com", secFetchSite: "cross-site" }), origins),
    ).toBeNull();
    expect(originRefusal(post({ origin: "http://localhost:5173" }), origins)).toBeNull();
    expect(originRefusal(post({ origin: "https://other.example.com" }), origins)).not.toBeNull();
    expect(parseAllowedOrigins("tablesight.example.com https://x.example/path ftp://x").invalid).toEqual([
      "tablesight.example.com",
      "https://x.example/path",
      "ftp://x",
    ]);
  });
});
