import { describe, expect, it } from "vitest";
import type { BatchItemRow } from "../api";
import { filterRows, pivotItems, sortRows } from "./questionRows";

function item(questionId: string, position: number, method: string, correct: boolean | null, ms = 10): BatchItemRow {
  return {
    questionId,
    position,
    method,
    correct,
    ms,
    runId: `${questionId}-${method}`,
    prediction: "p",
    values: [],
    tokens: { input: 0, output: 0 },
    schema: null,
    cells: null,
    error: null,
    question: `Q ${questionId}`,
    gold: ["g"],
    tags: position % 2 ? ["odd"] : ["even"],
    hasGoldSql: false,
  };
}

const items = [
  item("a", 0, "fgtr", true),
  item("a", 0, "sgam", false, 40),
  item("b", 1, "fgtr", true),
  item("b", 1, "sgam", true),
  item("c", 2, "fgtr", false),
  item("c", 2, "sgam", false),
];

describe("per-question rows", () => {
  it("pivots methods side by side and marks disagreement and wrong answers", () => {
    const rows = pivotItems(items);
    expect(rows.map((r) => [r.questionId, r.disagree, r.anyWrong, r.ms])).toEqual([
      ["a", true, true, 40],
      ["b", false, false, 10],
      ["c", false, true, 10],
    ]);
  });

  it("filters wrong only, by tag and by disagreement", () => {
    const rows = pivotItems(items);
    const ids = (f: Parameters<typeof filterRows>[1]) => filterRows(rows, f).map((r) => r.questionId);
    expect(ids({ wrongOnly: true, tag: null, disagree: false })).toEqual(["a", "c"]);
    expect(ids({ wrongOnly: false, tag: "even", disagree: false })).toEqual(["a", "c"]);
    expect(ids({ wrongOnly: false, tag: null, disagree: true })).toEqual(["a"]);
  });

  it("sorts by a method's verdict, wrong first, keeping question order among ties", () => {
    const rows = pivotItems(items);
    expect(sortRows(rows, "method:sgam", "asc").map((r) => r.questionId)).toEqual(["a", "c", "b"]);
    expect(sortRows(rows, "ms", "desc").map((r) => r.questionId)[0]).toBe("a");
  });
});
