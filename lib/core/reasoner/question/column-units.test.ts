import { describe, expect, it } from "vitest";
import { askedScale, dimensionMatch, scaleOfColumn, unitOfColumn } from "./column-units";
import { inColumnUnit } from "./ranges/attach";
import type { RangeColumn } from "./ranges/step";

/** A numeric column of a made-up trail-race table, named as a user might name it. */
function column(name: string, words: string[], unit?: { unit: string; scale: number }): RangeColumn {
  return {
    table: "races",
    column: name,
    name,
    type: "real",
    words,
    own: words,
    keyLike: false,
    numericText: false,
    examples: [],
    max: 500,
    ...(unit ? { unit } : {}),
  };
}

describe("a column's unit and scale", () => {
  it("reads the unit from the name, and prefers the semantic model's", () => {
    expect(unitOfColumn(column("finish_time_min", ["finish", "time", "min"]))?.id).toBe("min");
    expect(unitOfColumn(column("course", ["course"], { unit: "mi", scale: 1 }))?.id).toBe("mi");
    expect(unitOfColumn(column("course", ["course"]))).toBeNull();
  });

  it("reads a scale only where a name ends with it", () => {
    expect(scaleOfColumn(column("prize_thousands", ["prize", "thousands"]))).toBe(1000);
    expect(scaleOfColumn(column("fee_cents", ["fee", "cents"]))).toBe(0.01);
    expect(scaleOfColumn(column("thousands_club", ["thousands", "club"]))).toBe(1);
    expect(scaleOfColumn(column("prize", ["prize"], { unit: "USD", scale: 1e6 }))).toBe(1e6);
  });

  it("converts a question's hours into a minutes column and km into a miles column", () => {
    expect(inColumnUnit(3, "h", column("finish_time_min", ["finish", "time", "min"])).value).toBe(180);
    const miles = inColumnUnit(42.195, "km", column("distance_mi", ["distance", "mi"])).value;
    expect(miles).toBeCloseTo(26.219, 2);
    expect(inColumnUnit(2, undefined, column("distance_mi", ["distance", "mi"])).value).toBe(2);
  });

  it("divides a magnitude by the column's scale ('1.5 million' against a column in thousands)", () => {
    expect(inColumnUnit(1.5e6, undefined, column("prize_thousands", ["prize", "thousands"])).value).toBe(1500);
  });

  it("names a column by its unit's dimension and reads the asked scale", () => {
    expect(dimensionMatch("how heavy", column("mass_lb", ["mass", "lb"]))).toBe(0.75);
    expect(dimensionMatch("how heavy", column("finish_time_min", ["finish", "time", "min"]))).toBe(0);
    expect(askedScale("What was the total prize in millions of dollars?")).toBe(1e6);
    expect(askedScale("Which race was run in 2019?")).toBeNull();
  });
});
