import { describe, expect, it } from "vitest";
import { resultTable } from "./format";

describe("resultTable", () => {
  it("keeps the result's columns and rows as returned", () => {
    const table = resultTable({
      columns: ["name", "COUNT(*)"],
      rows: [
        ["A", 2],
        ["B", null],
      ],
      truncated: false,
      ms: 1,
    });
    expect(table).toEqual({
      columns: ["name", "COUNT(*)"],
      rows: [
        ["A", 2],
        ["B", null],
      ],
      rowCount: 2,
      cut: false,
    });
  });

  it("cuts long and wide results and says so", () => {
    const long = resultTable({
      columns: ["n"],
      rows: Array.from({ length: 500 }, (_, i) => [i]),
      truncated: false,
      ms: 1,
    });
    expect(long.rows).toHaveLength(200);
    expect(long).toMatchObject({ rowCount: 500, cut: true });
    const columns = Array.from({ length: 100 }, (_, i) => `c${i}`);
    const wide = resultTable({
      columns,
      rows: Array.from({ length: 50 }, () => columns.map(() => 1)),
      truncated: false,
      ms: 1,
    });
    expect(wide.rows.length * wide.columns.length).toBeLessThanOrEqual(2000);
    expect(wide.cut).toBe(true);
  });
});
