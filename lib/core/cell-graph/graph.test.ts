import { describe, expect, it } from "vitest";
import { buildCellGraph, neighbours, relation, sharedNeighbours } from "./graph";
import { checkMerges, gridFromLayout, gridFromMatrix, gridFromRows } from "./grid";

// A two-row merged header like the sample's enrollment sheet: "District" merged down, years merged across.
const matrix = [
  ["District", "2022-23", null, "2023-24", null],
  [null, "Elementary", "High", "Elementary", "High"],
  ["Alameda", 100, 200, 110, 210],
  ["Fresno", 300, 400, 310, 410],
  ["Total", 400, 600, 420, 620],
];
const merges = [
  { top: 0, left: 0, bottom: 1, right: 0 },
  { top: 0, left: 1, bottom: 0, right: 2 },
  { top: 0, left: 3, bottom: 0, right: 4 },
];

describe("cell graph", () => {
  const g = buildCellGraph(gridFromMatrix(matrix, merges, 2));

  it("makes one node per non-blank cell, merged cells spanning their rows and columns", () => {
    expect(g.nodes).toHaveLength(3 + 4 + 15);
    expect(g.byId.get("r0c0")).toMatchObject({ rows: [0, 1], cols: [0], value: "District" });
    expect(g.byId.get("r0c1")).toMatchObject({ rows: [0], cols: [1, 2], value: "2022-23" });
    expect(g.byId.get("r0c2")).toBeUndefined();
  });

  it("joins cells of the same row or column, labelled SAME ROW / SAME COLUMN", () => {
    const year = g.byId.get("r0c3")!;
    expect(relation(year, g.byId.get("r3c4")!)).toBe("SAME COLUMN");
    expect(relation(g.byId.get("r3c0")!, g.byId.get("r3c4")!)).toBe("SAME ROW");
    expect(relation(g.byId.get("r2c1")!, g.byId.get("r3c2")!)).toBeNull();
    // The merged "District" is in rows 0 and 1: a neighbour of both header rows.
    const ids = neighbours(g, g.byId.get("r0c0")!).map((n) => n.id);
    expect(ids).toEqual(expect.arrayContaining(["r0c1", "r1c1", "r1c4", "r2c0", "r4c0"]));
  });

  it("finds the cell where a row label and a merged column label meet", () => {
    const shared = sharedNeighbours(g, g.byId.get("r3c0")!, g.byId.get("r0c3")!).map((n) => n.value);
    // Fresno's row meets the year's columns (310, 410); the year's row meets Fresno's column at "District".
    expect(shared.sort()).toEqual(["310", "410", "District"]);
    expect(sharedNeighbours(g, g.byId.get("r3c0")!, g.byId.get("r1c4")!).map((n) => n.value)).toContain("410");
  });

  it("clips merges past the grid and ignores overlapping ones, saying so", () => {
    const checked = checkMerges(
      [
        { top: 0, left: 0, bottom: 0, right: 9 },
        { top: 0, left: 1, bottom: 1, right: 1 },
        { top: 7, left: 7, bottom: 8, right: 8 },
      ],
      3,
      3,
    );
    expect(checked.merges).toEqual([{ top: 0, left: 0, bottom: 0, right: 2 }]);
    expect(checked.issues.join(" ")).toMatch(/clipped.*overlaps.*outside/s);
  });

  it("reads an import layout (header rows above data rows) and a plain CSV grid", () => {
    const layout = {
      sheet: "s",
      headerRows: [
        ["District", "2022-23", null],
        [null, "Elementary", "High"],
      ],
      merges: [merges[0], merges[1]],
      gridRows: 3,
      gridColumns: 3,
    };
    const fromLayout = buildCellGraph(gridFromLayout(layout, [["Alameda", 1, 2]]));
    expect(fromLayout.byId.get("r2c2")?.value).toBe("2");
    expect(fromLayout.headerRows).toBe(2);
    const csv = buildCellGraph(gridFromRows(["a", "b"], [[1, null]]));
    expect(csv.nodes.map((n) => n.id)).toEqual(["r0c0", "r0c1", "r1c0"]);
  });

  it("handles a one-cell table and a 10,000-row sheet", () => {
    expect(buildCellGraph(gridFromMatrix([["x"]])).nodes).toHaveLength(1);
    const big = Array.from({ length: 10_000 }, (_, r) => [`row ${r}`, r, r * 2]);
    const start = performance.now();
    const bg = buildCellGraph(gridFromRows(["name", "a", "b"], big));
    expect(neighbours(bg, bg.byId.get("r0c1")!)).toHaveLength(10_000 + 2);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
