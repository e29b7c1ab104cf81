import { describe, expect, it } from "vitest";
import { type BarChart, chartOf as anyChartOf } from "./chart";

/** These cases are all bars or none. */
const chartOf = (...args: Parameters<typeof anyChartOf>) => anyChartOf(...args) as BarChart | null;

const table = (columns: string[], rows: (string | number | null)[][]) => ({
  columns,
  rows,
  rowCount: rows.length,
  cut: false,
});

describe("chartOf", () => {
  it("draws a count per group as bars, largest first, labels as written", () => {
    const chart = chartOf(
      table(
        ["name", "COUNT(*)"],
        [
          ["Los Angeles ", 12],
          ["Fresno", 3],
          ["007", 5],
        ],
      ),
    );
    expect(chart).toEqual({
      kind: "bar",
      labelColumn: "name",
      measureColumn: "COUNT(*)",
      bars: [
        { label: "Los Angeles ", value: 12 },
        { label: "007", value: 5 },
        { label: "Fresno", value: 3 },
      ],
    });
  });

  it("takes the numeric column as the measure wherever it stands, the last when both are numbers", () => {
    expect(
      chartOf(
        table(
          ["n", "kind"],
          [
            [4, "a"],
            [2, "b"],
          ],
        ),
      )?.measureColumn,
    ).toBe("n");
    const both = chartOf(
      table(
        ["district_id", "total"],
        [
          [1, 40],
          [2, 35],
        ],
      ),
    );
    expect(both?.labelColumn).toBe("district_id");
    expect(both?.bars.map((b) => b.label)).toEqual(["1", "2"]);
  });

  it("leaves out null measures and shows a null label as null", () => {
    const chart = chartOf(
      table(
        ["k", "v"],
        [
          [null, 1],
          ["a", null],
          ["b", 2],
        ],
      ),
    );
    expect(chart?.bars).toEqual([
      { label: "b", value: 2 },
      { label: "null", value: 1 },
    ]);
  });

  it("draws nothing for results that are not one measure by one label", () => {
    expect(chartOf(undefined)).toBeNull();
    expect(chartOf(table(["n"], [[1], [2]]))).toBeNull();
    expect(chartOf(table(["a", "b"], [["x", 1]]))).toBeNull();
    expect(
      chartOf(
        table(
          ["a", "b"],
          [
            ["x", "y"],
            ["z", "w"],
          ],
        ),
      ),
    ).toBeNull();
    expect(
      chartOf(
        table(
          ["a", "b", "c"],
          [
            ["x", 1, 2],
            ["y", 3, 4],
          ],
        ),
      ),
    ).toBeNull();
    expect(
      chartOf(
        table(
          ["a", "b"],
          [
            ["x", 1],
            ["x", 2],
          ],
        ),
      ),
      "a label twice is not a grouping",
    ).toBeNull();
  });

  it("reads the answer event's roles: key columns left out of the chart, a measure per year drawn as a line", () => {
    const grouped = {
      ...table(
        ["category_id", "category_name", "COUNT(*)"],
        [
          [1, "Beverages", 9],
          [2, "Condiments", 12],
          [3, "Produce", 5],
        ],
      ),
      roles: ["identifier", "label", "measure"] as const,
    };
    const bars = chartOf({ ...grouped, roles: [...grouped.roles] });
    expect(bars?.labelColumn).toBe("category_name");
    expect(bars?.bars.map((b) => b.value)).toEqual([12, 9, 5]);
    const perYear = anyChartOf({
      ...table(
        ["year", "orders"],
        [
          [2004, 30],
          [2003, 25],
          [2005, 12],
        ],
      ),
      roles: ["date", "measure"],
    });
    expect(perYear?.kind).toBe("line");
    expect(perYear?.kind === "line" && perYear.points.map((p) => p.date)).toEqual(["2003", "2004", "2005"]);
  });
});
