import { describe, expect, it } from "vitest";
import { COL_W, layoutTables, type LayoutTable, type TableLink } from "./layout";

const tables = (n: number, cols = 10): LayoutTable[] =>
  Array.from({ length: n }, (_, i) => ({
    name: `t${i}`,
    columns: Array.from({ length: cols }, (_, c) => `t${i}.c${c}`),
  }));

function extent(layout: ReturnType<typeof layoutTables>) {
  const points = [...layout.columns.values()];
  const width = Math.max(...points.map((p) => p.x)) + COL_W;
  const height = Math.max(...points.map((p) => p.y));
  return width / height;
}

describe("schema graph layout", () => {
  it("keeps 30 tables / 300 columns near the screen's aspect even when links chain every table", () => {
    const ts = tables(30);
    // Every table references every earlier one: 30 layers of one table each.
    const chain: TableLink[] = ts.flatMap((t, i) => ts.slice(0, i).map((p) => ({ from: t.name, to: p.name })));
    const ratio = extent(layoutTables(ts, chain));
    expect(ratio).toBeGreaterThan(1.7 / 2.5);
    expect(ratio).toBeLessThan(1.7 * 2.5);
  });

  it("places a referenced table left of the tables that reference it when layers fit", () => {
    const ts = tables(3, 3);
    const layout = layoutTables(ts, [
      { from: "t1", to: "t0" },
      { from: "t2", to: "t0" },
    ]);
    expect(layout.headers.get("t0")!.x).toBeLessThan(layout.headers.get("t1")!.x);
    expect(layout.columns.size).toBe(9);
  });
});
