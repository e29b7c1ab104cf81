import { describe, expect, it } from "vitest";
import { accessPolicy, checkAccess, isLoopbackHost, sameSecret } from "./access";

const TOKEN = "s3cret-token-of-enough-length";

describe("access policy", () => {
  it("needs no token on loopback, the default bind", () => {
    expect(isLoopbackHost(undefined)).toBe(true);
    for (const h of ["127.0.0.1", "localhost", "::1"])
      expect(accessPolicy(h, undefined)).toEqual({ tokenRequired: false });
    expect(checkAccess(accessPolicy("127.0.0.1", ""), {})).toEqual({ allowed: true });
  });

  it("refuses to expose the app elsewhere without a token, or with a short one", () => {
    expect(() => accessPolicy("0.0.0.0", undefined)).toThrow(/TABLESIGHT_TOKEN/);
    expect(() => accessPolicy("192.0.2.10", "  ")).toThrow(/TABLESIGHT_TOKEN/);
    expect(() => accessPolicy("0.0.0.0", "short")).toThrow(/16 characters/);
  });

  it("elsewhere, lets in only the right token through bearer, header, cookie or query", () => {
    const policy = accessPolicy("0.0.0.0", TOKEN);
    expect(checkAccess(policy, {})).toEqual({ allowed: false });
    expect(checkAccess(policy, { authorization: `Bearer ${TOKEN}` })).toEqual({ allowed: true, via: "bearer" });
    expect(checkAccess(policy, { header: TOKEN })).toEqual({ allowed: true, via: "header" });
    expect(checkAccess(policy, { cookie: TOKEN })).toEqual({ allowed: true, via: "cookie" });
    expect(checkAccess(policy, { query: TOKEN })).toEqual({ allowed: true, via: "query" });
    expect(checkAccess(policy, { authorization: `Bearer ${TOKEN}x`, cookie: "nope", query: TOKEN.slice(1) })).toEqual({
      allowed: false,
    });
  });

  it("a configured token is required on loopback too", () => {
    expect(checkAccess(accessPolicy("127.0.0.1", TOKEN), {})).toEqual({ allowed: false });
  });

  it("compares secrets exactly", () => {
    expect(sameSecret("abc", "abc")).toBe(true);
    expect(sameSecret("abc", "abd")).toBe(false);
    expect(sameSecret("abc", "abcabc")).toBe(false);
    expect(sameSecret("", "a")).toBe(false);
  });
});
