import { describe, expect, it } from "vitest";
import { askedUnit, inAskedUnit } from "./asked-unit";
import { shopColumn, shopInput } from "../testing/shop-input";

describe("the unit an answer is asked in", () => {
  it("reads 'in kilograms' and ignores 'in 2005' and 'in Texas'", () => {
    expect(askedUnit("What is the average weight of a penguin in kilograms?")).toMatchObject({ id: "kg" });
    expect(askedUnit("How many flights left airports in Texas in 2005?")).toBeNull();
  });

  it("converts a column whose name says another unit of the same dimension", () => {
    const column = { ...shopColumn(shopInput("x"), "orders", "freight"), words: ["body", "mass", "g"] };
    expect(inAskedUnit("AVG(T1.m)", column, askedUnit("in kilograms"))).toBe("((AVG(T1.m)) * 0.001)");
    expect(inAskedUnit("T1.m", column, askedUnit("in grams"))).toBeNull();
    expect(inAskedUnit("T1.m", column, askedUnit("in hours"))).toBeNull();
  });
});
