import { describe, expect, it } from "vitest";
import { composeHeaderNames } from "./header-names";

describe("composeHeaderNames", () => {
  it("joins top / middle / leaf and spreads an upper label over the empty cells to its right", () => {
    const rows = [
      [null, "Revenue", null, null, "Costs"],
      [null, "Europe", null, "Asia", null],
      ["Item", "2020", "2021", "2020", "2020"],
    ];
    expect(composeHeaderNames(rows, 5)).toEqual([
      "Item",
      "Revenue / Europe / 2020",
      "Revenue / Europe / 2021",
      "Revenue / Asia / 2020",
      "Costs / 2020",
    ]);
  });

  it("writes a repeated part once and never spreads the leaf row", () => {
    expect(
      composeHeaderNames(
        [
          ["Name", "Score"],
          ["Name", null],
        ],
        2,
      ),
    ).toEqual(["Name", "Score"]);
  });
});
