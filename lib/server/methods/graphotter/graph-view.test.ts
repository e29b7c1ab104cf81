import { describe, expect, it } from "vitest";
import { buildCellGraph } from "@/lib/core/cell-graph/graph";
import { gridFromRows } from "@/lib/core/cell-graph/grid";
import { MAX_VIEW_NODES, neighbourhood } from "./graph-view";

describe("cell-graph view of a large table", () => {
  it("draws the header and the neighbourhood of the cells in play, not 30,000 nodes", () => {
    const rows = Array.from({ length: 10_000 }, (_, r) => [`item ${r}`, r, r * 3]);
    const g = buildCellGraph(gridFromRows(["item", "count", "price"], rows));
    const start = performance.now();
    const nodes = neighbourhood(g, ["r7346c2", "r0c2"]);
    expect(performance.now() - start).toBeLessThan(500);
    expect(nodes.length).toBeLessThanOrEqual(MAX_VIEW_NODES);
    const ids = new Set(nodes.map((n) => n.id));
    for (const id of ["r0c0", "r0c2", "r7346c2", "r7346c0", "r7344c1", "r7348c2"]) expect(ids.has(id), id).toBe(true);
    expect(ids.has("r5000c1")).toBe(false);
  });
});
