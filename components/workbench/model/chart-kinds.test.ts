import { describe, expect, it } from "vitest";
import { chartOf, dateTime } from "./chart";

const table = (columns: string[], rows: (string | number | null)[][]) => ({
  columns,
  rows,
  rowCount: rows.length,
  cut: false,
});

describe("chartOf: lines and scatters", () => {
  it("draws a measure by date as a line in date order, dates as written", () => {
    const chart = chartOf(
      table(
        ["month", "total"],
        [
          ["2024-03", 5],
          ["2024-01", 3],
          ["2024-02", null],
          ["2024-02-15 10:30:00", 4],
        ],
      ),
    );
    expect(chart?.kind).toBe("line");
    expect(chart?.kind === "line" && chart.points.map((p) => [p.date, p.value])).toEqual([
      ["2024-01", 3],
      ["2024-02-15 10:30:00", 4],
      ["2024-03", 5],
    ]);
  });

  it("reads only ISO dates as dates: other text stays a label for bars", () => {
    expect(dateTime("2024-13-45")).toBeNull();
    expect(dateTime("03/05/2024")).toBeNull();
    expect(dateTime("2024")).toBeNull();
    expect(dateTime("2024-02-29")).toBe(Date.UTC(2024, 1, 29));
    expect(
      chartOf(
        table(
          ["day", "n"],
          [
            ["03/05/2024", 1],
            ["04/05/2024", 2],
          ],
        ),
      )?.kind,
    ).toBe("bar");
  });

  it("draws two measures of plain rows as a scatter, and a count per numeric key of a grouping as bars", () => {
    const rows = [
      [480, 510],
      [520, 530],
      [455, 470],
    ];
    const plain = chartOf(table(["read", "math"], rows), { sql: "SELECT read, math FROM sat" });
    expect(plain).toEqual({
      kind: "scatter",
      xColumn: "read",
      yColumn: "math",
      points: [
        { x: 480, y: 510 },
        { x: 520, y: 530 },
        { x: 455, y: 470 },
      ],
    });
    const grouped = chartOf(table(["district_id", "n"], rows), { sql: "SELECT district_id, COUNT(*) GROUP BY 1" });
    expect(grouped?.kind).toBe("bar");
    // Without the statement, a first column with repeats is no key: a scatter.
    expect(
      chartOf(
        table(
          ["a", "b"],
          [
            [1, 2],
            [1, 3],
            [2, 5],
          ],
        ),
      )?.kind,
    ).toBe("scatter");
  });

  it("draws a label and two measures as a scatter named by the labels, from three rows on", () => {
    const chart = chartOf(
      table(
        ["school", "read", "math"],
        [
          ["Lincoln", 480, 510],
          ["Vista", 520, null],
          ["Sequoia", 455, 470],
          ["Redwood", 500, 490],
        ],
      ),
    );
    expect(chart).toMatchObject({ kind: "scatter", xColumn: "read", yColumn: "math", labelColumn: "school" });
    expect(chart?.kind === "scatter" && chart.points.map((p) => p.label)).toEqual(["Lincoln", "Sequoia", "Redwood"]);
  });
});

describe("chartOf: a measure by a part of a date", () => {
  it("draws orders per month as a line with the months in order, named as a reader says them", () => {
    const chart = chartOf(
      table(
        ["CAST(strftime('%m', T1.\"order_date\") AS INTEGER)", "COUNT(*)"],
        [
          [3, 40],
          [1, 12],
          [12, 7],
          [2, 33],
        ],
      ),
      { sql: "SELECT CAST(strftime('%m', T1.\"order_date\") AS INTEGER), COUNT(*) FROM orders AS T1 GROUP BY 1" },
    );
    expect(chart?.kind).toBe("line");
    if (chart?.kind !== "line") return;
    expect(chart.part).toBe("month");
    expect(chart.dateColumn).toBe("month of order_date");
    expect(chart.points.map((p) => [p.date, p.value])).toEqual([
      ["Jan", 12],
      ["Feb", 33],
      ["Mar", 40],
      ["Dec", 7],
    ]);
  });

  it("reads quarters, weekdays and named part columns; a number out of the part's range is no part", () => {
    const quarters = chartOf(
      table(
        ["((CAST(strftime('%m', d) AS INTEGER) + 2) / 3)", "SUM(amount)"],
        [
          [2, 5.5],
          [1, 3],
        ],
      ),
    );
    expect(quarters?.kind === "line" && quarters.points.map((p) => p.date)).toEqual(["Q1", "Q2"]);
    const weekdays = chartOf(
      table(
        ["weekday", "n"],
        [
          [0, 1],
          [6, 2],
          [3, 4],
        ],
      ),
    );
    expect(weekdays?.kind === "line" && weekdays.points.map((p) => p.date)).toEqual(["Sun", "Wed", "Sat"]);
    const years = chartOf(
      table(
        ["order_year", "n"],
        [
          [2021, 1],
          [2020, 2],
        ],
      ),
    );
    expect(years?.kind === "line" && years.part === undefined && years.points.map((p) => p.date)).toEqual([
      "2020",
      "2021",
    ]);
    // 13 is no month: a count per key stays bars.
    expect(
      chartOf(
        table(
          ["month", "n"],
          [
            [13, 1],
            [2, 2],
          ],
        ),
        { sql: "SELECT month, COUNT(*) AS n FROM t GROUP BY month" },
      )?.kind,
    ).toBe("bar");
  });
});
