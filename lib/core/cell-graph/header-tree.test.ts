import { describe, expect, it } from "vitest";
import { buildCellGraph } from "./graph";
import { gridFromMatrix } from "./grid";
import { buildHeaderTree, pathText } from "./header-tree";
import { unitOf } from "./units";

// A report table: a merged year over two measures, a unit row, section rows, totals.
const matrix = [
  ["Sector", "2022", null, "2023", null],
  [null, "Revenue (in millions)", "Share (%)", "Revenue (in millions)", "Share (%)"],
  ["Goods", null, null, null, null],
  ["Manufacturing", 120, 40, 130, 41],
  ["Mining", 30, 10, 32, 10],
  ["Total goods", 150, 50, 162, 51],
  ["Services", null, null, null, null],
  ["Retail", 90, 30, 95, 30],
  ["Finance", 60, 20, 60, 19],
];
const merges = [
  { top: 0, left: 1, bottom: 0, right: 2 },
  { top: 0, left: 3, bottom: 0, right: 4 },
  { top: 0, left: 0, bottom: 1, right: 0 },
];
const graph = buildCellGraph(gridFromMatrix(matrix, merges, 2));
const tree = buildHeaderTree(graph);
const cellAt = (r: number, c: number) => tree.cells.find((x) => x.row === r && x.col === c)!;
const headerAt = (id: string) => tree.headers[tree.headerOf.get(graph.nodes.findIndex((n) => n.id === id))!];

describe("header tree", () => {
  it("reads the top header rows, the left label column, section rows and totals", () => {
    expect(tree.topRows).toBe(2);
    expect(tree.leftCols).toBe(1);
    const sections = tree.headers.filter((h) => h.section).map((h) => graph.nodes[h.node].value);
    expect(sections).toEqual(["Goods", "Services"]);
    const totals = tree.headers.filter((h) => h.total).map((h) => graph.nodes[h.node].value);
    expect(totals).toEqual(["Total goods"]);
  });

  it("gives every body cell its row path (section › label) and column path (year › measure)", () => {
    const c = cellAt(7, 3);
    expect(graph.nodes[c.node].value).toBe("95");
    expect(pathText(graph, tree, c.rowPath)).toBe("Services › Retail");
    expect(pathText(graph, tree, c.colPath)).toBe("2023 › Revenue (in millions)");
    expect(c.unit.scale).toBe(1e6);
    expect(cellAt(4, 2).unit.percent).toBe(true);
  });

  it("links each header to its parent: the merged year over its measures, the section over its rows", () => {
    const revenue2023 = headerAt("r1c3");
    expect(graph.nodes[tree.headers[revenue2023.parent!].node].value).toBe("2023");
    const mining = tree.headers.find((h) => graph.nodes[h.node].value === "Mining")!;
    expect(graph.nodes[tree.headers[mining.parent!].node].value).toBe("Goods");
    expect(tree.headers[mining.parent!].children).toHaveLength(3);
  });

  it("reads scales and percent from header text", () => {
    expect(unitOf("Fuel Expense (in millions)").scale).toBe(1e6);
    expect(unitOf("$ thousands").scale).toBe(1e3);
    expect(unitOf("Percentage of Total Operating Expense").percent).toBe(true);
    expect(unitOf("Average price per gallon").percent).toBe(false);
  });
});
