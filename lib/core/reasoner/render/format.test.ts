import { describe, expect, it } from "vitest";
import type { CellValue } from "../../trace/atoms";
import { formatAnswer, resultTable } from "./format";
import { isWrittenAsIs, resultRoles } from "./result-roles";

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

describe("answers by role", () => {
  const result = (columns: string[], rows: CellValue[][]) => ({ columns, rows, truncated: false, ms: 1 });

  it("says a one-column list of one repeated value once, with how many rows hold it", () => {
    const rows = Array.from({ length: 38 }, () => ["Oslo"]);
    const out = formatAnswer(result(["city"], rows), "lookup");
    expect(out.text).toBe("Oslo (all 38 rows)");
    expect(out.values).toHaveLength(38);
    expect(formatAnswer(result(["city"], [["A"], ["B"], ["A"], ["C"], ["A"]]), "lookup").text).toBe("A (× 3), B, C");
    expect(formatAnswer(result(["city"], [["A"], ["B"]]), "lookup").text).toBe("A, B");
  });

  it("puts a grouped answer's first rows in the headline, names before amounts, and counts the rest", () => {
    const rows: CellValue[][] = [
      [1, "Beverages", 12],
      [2, "Condiments", 9],
      [3, "Produce", 5],
      [4, "Seafood", 4],
      [5, "Grains", 2],
    ];
    const roles = resultRoles(
      ["category_id", "category_name", "COUNT(*)"],
      [
        { column: "category_id", role: "identifier" },
        { column: "category_name", role: "label" },
      ],
    );
    expect(roles).toEqual(["identifier", "label", "measure"]);
    expect(formatAnswer(result(["category_id", "category_name", "COUNT(*)"], rows), "group", roles).text).toBe(
      "Beverages: 12; Condiments: 9; Produce: 5; and 2 more rows",
    );
  });

  it("gives an identifier its column's role, so it is never shown as a quantity", () => {
    const roles = resultRoles(
      ['"city_id"', "MAX(population)", "SUM(population)"],
      [
        { column: "city_id", role: "identifier" },
        { column: "population", role: "measure" },
      ],
    );
    expect(roles).toEqual(["identifier", "measure", "measure"]);
    expect(resultRoles(["T1.city_id", "name"], [{ column: "city_id", role: "identifier" }])).toEqual([
      "identifier",
      "text",
    ]);
    expect(
      resultRoles(
        ["city_id", "MAX(founded)"],
        [
          { column: "city_id", role: "identifier" },
          { column: "founded", role: "date" },
        ],
      ),
    ).toEqual(["identifier", "date"]);
    expect(isWrittenAsIs("identifier")).toBe(true);
    expect(isWrittenAsIs("measure")).toBe(false);
    const table = resultTable(result(["city_id"], [[1532]]), ["identifier"]);
    expect(table.roles).toEqual(["identifier"]);
  });
});
