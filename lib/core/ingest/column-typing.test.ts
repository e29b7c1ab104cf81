import { describe, expect, it } from "vitest";
import { ColumnTyping } from "./column-typing";
import { toStoredValue } from "./infer-type";

describe("ColumnTyping", () => {
  it("stores numbers after a column's first text as their text, and names the rows before it", () => {
    const typing = new ColumnTyping(2);
    const rows = [
      ["0.000018409608", "1"],
      ["-18.430000000000007", "2"],
      ["n/a", "3"],
      ["0.5", "4"],
    ].map((r) => r.map(toStoredValue));
    for (const row of rows) typing.accept(row);
    expect(rows.map((r) => r[0])).toEqual([0.000018409608, -18.430000000000007, "n/a", "0.5"]);
    expect(typing.resolve()).toEqual({ types: ["text", "integer"], numbersToText: [{ column: 0, upToRow: 2 }] });
  });

  it("types a whole number past 2^53 as a real, not a 64-bit integer", () => {
    const typing = new ColumnTyping(1);
    for (const v of ["1", "1e+21"]) typing.accept([toStoredValue(v)]);
    expect(typing.resolve().types).toEqual(["real"]);
  });
});
