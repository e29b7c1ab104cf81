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
