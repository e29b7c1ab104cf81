import { describe, expect, it } from "vitest";
import type { ParamSchema } from "@/lib/core/model/api-types";
import { readParams } from "./AdvancedParams";

const properties: Record<string, ParamSchema> = {
  k: { type: "integer", default: 5, minimum: 1 },
  // An optional number as zod's JSON Schema gives it: no `type`, default null.
  linkerCut: { default: null } as ParamSchema,
};

describe("readParams", () => {
  it("leaves an empty optional number out, so the method uses its own value", () => {
    expect(readParams(properties, { k: "5", linkerCut: "" })).toEqual({ params: { k: 5 } });
  });

  it("still reads a filled-in optional number and refuses a bad one", () => {
    expect(readParams(properties, { k: "5", linkerCut: "0.4" })).toEqual({ params: { k: 5, linkerCut: 0.4 } });
    expect(readParams(properties, { k: "5", linkerCut: "x" })).toEqual({ error: "linkerCut must be a number." });
    expect(readParams(properties, { k: "", linkerCut: "" })).toEqual({ error: "k must be a number." });
  });
});
