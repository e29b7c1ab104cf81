import { describe, expect, it } from "vitest";
import { readGridFilters, writeGridFilters } from "./grid-filter";

describe("grid filters in URLs", () => {
  it("round-trips filters and keeps other parameters, values with colons and spaces as written", () => {
    const params = writeGridFilters(new URLSearchParams("table=schools&f.old=eq:1"), [
      { column: "district_id", op: "eq", value: "3" },
      { column: "name", op: "has", value: " a:b " },
      { column: "closed", op: "null", value: "" },
    ]);
    expect(params.get("table")).toBe("schools");
    expect(params.has("f.old")).toBe(false);
    expect(readGridFilters(new URLSearchParams(params.toString()))).toEqual({
      filters: [
        { column: "district_id", op: "eq", value: "3" },
        { column: "name", op: "has", value: " a:b " },
        { column: "closed", op: "null", value: "" },
      ],
      errors: [],
    });
  });

  it("names malformed filters instead of ignoring them", () => {
    const { filters, errors } = readGridFilters(new URLSearchParams("f.a=like:x&f.=eq:1&f.b=eq:1&f.b=has:2"));
    expect(filters).toEqual([{ column: "b", op: "eq", value: "1" }]);
    expect(errors).toHaveLength(3);
  });
});
