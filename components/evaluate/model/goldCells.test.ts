import { describe, expect, it } from "vitest";
import { emptyHeatTable } from "@/components/workbench/model/heatmap";
import type { TableMeta } from "@/lib/core/model/dataset";
import { withGoldCells } from "./goldCells";

const meta = {
  name: "Schools",
  sqlName: "schools",
  columns: [
    { name: "City", sqlName: "City", type: "text" },
    { name: "name", sqlName: "name", type: "text" },
  ],
} as unknown as TableMeta;

describe("gold cells on the heatmap", () => {
  it("maps lowercased gold keys onto the run's tables by SQL name, ignoring other tables", () => {
    const [heat] = withGoldCells(
      [emptyHeatTable("Schools")],
      ["schools.city|4", "schools.name|4", "counties.name|1"],
      [meta],
    );
    expect([...(heat.goldCells ?? [])]).toEqual(["4 City", "4 name"]);
  });
});
