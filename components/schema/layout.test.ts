import { describe, expect, it } from "vitest";
import { boxHeight, boxWidth, layoutTables, type LayoutTable, type TableLink } from "./layout";

const tables = (n: number, cols = 10): LayoutTable[] =>
  Array.from({ length: n }, (_, i) => ({
    name: `t${i}`,
    columns: Array.from({ length: cols + (i % 7) }, (_, c) => `t${i}.c${c}`),
  }));

/** Each table's box as drawn: the header's top to the last column, padding included. */
function boxes(ts: LayoutTable[], layout: ReturnType<typeof layoutTables>) {
  return ts.map((t) => {
    const h = layout.headers.get(t.name)!;
    const top = h.y - 16;
    return { name: t.name, x1: h.x - boxWidth() / 2, x2: h.x + boxWidth() / 2, y1: top, y2: top + boxHeight(t) };
  });
}

function overlaps(bs: ReturnType<typeof boxes>): string[] {
  const out: string[] = [];
  for (let i = 0; i < bs.length; i++)
    for (let j = i + 1; j < bs.length; j++) {
      const [a, b] = [bs[i], bs[j]];
      if (a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2) out.push(`${a.name}/${b.name}`);
    }
  return out;
}

const ratio = (bs: ReturnType<typeof boxes>) =>
  (Math.max(...bs.map((b) => b.x2)) - Math.min(...bs.map((b) => b.x1))) /
  (Math.max(...bs.map((b) => b.y2)) - Math.min(...bs.map((b) => b.y1)));

describe("schema graph layout (dagre)", () => {
  it("draws 30 linked tables without two boxes overlapping, near the screen's aspect", () => {
    const ts = tables(30);
    // A star of stars plus cross links, as a real schema has (orders → customers → regions …).
    const links: TableLink[] = ts.slice(1).map((t, i) => ({ from: t.name, to: `t${Math.floor(i / 4)}` }));
    links.push({ from: "t29", to: "t3" }, { from: "t17", to: "t2" });
    const bs = boxes(ts, layoutTables(ts, links));
    expect(overlaps(bs)).toEqual([]);
    expect(ratio(bs)).toBeGreaterThan(1.7 / 3);
    expect(ratio(bs)).toBeLessThan(1.7 * 3);
  });

  it("packs unlinked tables and separate groups without overlap", () => {
    const ts = tables(24, 4);
    const links: TableLink[] = [
      { from: "t1", to: "t0" },
      { from: "t3", to: "t2" },
      { from: "t4", to: "t2" },
    ];
    const bs = boxes(ts, layoutTables(ts, links));
    expect(overlaps(bs)).toEqual([]);
    expect(ratio(bs)).toBeGreaterThan(1.7 / 3);
    expect(ratio(bs)).toBeLessThan(1.7 * 3);
  });

  it("places a referenced table left of the tables that reference it", () => {
    const ts = tables(3, 3);
    const layout = layoutTables(ts, [
      { from: "t1", to: "t0" },
      { from: "t2", to: "t0" },
    ]);
    expect(layout.headers.get("t0")!.x).toBeLessThan(layout.headers.get("t1")!.x);
    expect(layout.columns.size).toBe(3 + 4 + 5);
  });

  it("keeps a self-referencing table (a self-join) in place", () => {
    const ts = tables(2, 3);
    const layout = layoutTables(ts, [
      { from: "t0", to: "t0" },
      { from: "t1", to: "t0" },
    ]);
    expect(layout.headers.size).toBe(2);
  });
});
