import { describe, expect, it } from "vitest";
import { parseQuestionLocally } from "../parse";
import { readFlags } from "./flags";
import { parseRangesLocally } from "./local";
import type { RangeColumn } from "./step";

/** A made-up course-enrolment table: flags kept as Y/N, as 1/0, and one read by the semantic model. */
const col = (column: string, examples: string[], extra: Partial<RangeColumn> = {}): RangeColumn => ({
  table: "enrolments",
  column,
  name: column,
  type: "text",
  words: column.split("_"),
  own: column.split("_"),
  keyLike: false,
  numericText: false,
  examples,
  ...extra,
});
const columns = [
  col("student_name", ["Ada", "Bo", "Cy"]),
  col("is_completed", ["Y", "N"]),
  col("withdrawn_flag", ["1", "0"]),
  col("scholarship", ["granted", "refused"], {
    flag: { trueValues: ["granted"], falseValues: ["refused"], meaning: "scholarship holder" },
  }),
];
const constrained = (question: string) =>
  parseRangesLocally({ question, parsed: parseQuestionLocally(question), hints: [], columns })
    .ranges.filter((r) => r.role === "constrained")
    .map((r) => [r.column, r.predicate?.op, r.predicate?.values]);

describe("yes/no columns read from the question's words", () => {
  it("reads a flag's true side from its meaning", () => {
    expect(constrained("How many students withdrew?")).toEqual([["withdrawn_flag", "=", ["1"]]]);
  });

  it("reads the false side from a negation, never as an empty value", () => {
    expect(constrained("Which students did not complete the course?")).toEqual([["is_completed", "=", ["N"]]]);
    expect(constrained("List the uncompleted enrolments")).toEqual([["is_completed", "=", ["N"]]]);
  });

  it("takes the true and false values from the semantic model when it has them", () => {
    const read = readFlags("Name every student who is not a scholarship holder", columns);
    expect(read.map((f) => [f.column.column, f.value])).toEqual([["scholarship", "refused"]]);
  });

  it("leaves a two-valued column that is no yes/no pair alone", () => {
    expect(readFlags("Which students were granted a place?", [col("status", ["granted", "refused"])])).toEqual([]);
  });
});
