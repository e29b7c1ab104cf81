import { describe, expect, it } from "vitest";
import type { ParamSchema } from "@/lib/core/api/methods";
import { formParams, readParams } from "./AdvancedParams";

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

  it("leaves structured parameters (a picked program) out of the form, so asking never needs them typed", () => {
    const withProgram = { ...properties, program: { type: "object" } as unknown as ParamSchema };
    const editable = formParams(withProgram);
    expect(Object.keys(editable)).toEqual(["k", "linkerCut"]);
    expect(readParams(editable, { k: "5", linkerCut: "" })).toEqual({ params: { k: 5 } });
    expect(readParams(withProgram, { k: "5", linkerCut: "" })).toEqual({ error: "program must be a number." });
  });
});
