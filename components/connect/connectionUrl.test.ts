import { describe, expect, it } from "vitest";
import { parseSchemas, urlFromFields } from "./connectionUrl";

describe("urlFromFields", () => {
  it("encodes every part, so a password with URL characters survives", () => {
    const url = urlFromFields({ host: "db.local", port: "", database: "sales", user: "ana", password: "p@ss:/#" });
    expect(url).toBe("postgresql://ana:p%40ss%3A%2F%23@db.local:5432/sales");
    expect(decodeURIComponent(new URL(url).password)).toBe("p@ss:/#");
  });

  it("brackets IPv6 hosts and leaves the password out when there is none", () => {
    expect(urlFromFields({ host: "::1", port: "6432", database: "d", user: "u", password: "" })).toBe(
      "postgresql://u@[::1]:6432/d",
    );
  });
});

describe("parseSchemas", () => {
  it("splits on commas and defaults to public", () => {
    expect(parseSchemas(" public, sales ,")).toEqual(["public", "sales"]);
    expect(parseSchemas("  ")).toEqual(["public"]);
  });
});
