import { describe, expect, it } from "vitest";
import { runStep } from "../../run-step";
import { FakeLlmPort } from "../../testing/steps";
import { createRecorder } from "../../../trace";
import { parseQuestionLocally } from "../parse";
import { rangeParsingStep } from "./step";
import { rangeInput } from "../../schema/step-inputs";
import { sampleSetup } from "../../../retrieval/testing/setup";
import { candidatePhrases, findValueHints } from "../value-hints";

const cols = [
  { table: "schools", column: "funding" },
  { table: "schools", column: "name" },
  { table: "satscores", column: "NumTstTakr" },
  { table: "schools", column: "opened" },
];

async function input(question: string) {
  const { ports } = await sampleSetup();
  const hints = await findValueHints(question, ports);
  return rangeInput(question, parseQuestionLocally(question, hints), hints, cols, ports);
}

describe("range parsing", () => {
  it("local: value hints, bounded numbers and dates are constrained, the rest dependent", async () => {
    const r = await runStep(
      rangeParsingStep,
      await input("Which directly funded schools opened after 2000 have not more than 250 test takers?"),
      { reasoner: "local", sink: createRecorder() },
    );
    const by = Object.fromEntries(r.output.ranges.map((x) => [`${x.table}.${x.column}`, x]));
    expect(by["schools.funding"]).toMatchObject({
      role: "constrained",
      predicate: { op: "=", values: ["directly funded"] },
    });
    expect(by["satscores.NumTstTakr"]).toMatchObject({ role: "constrained", predicate: { op: "<=", values: [250] } });
    expect(by["schools.opened"]).toMatchObject({ role: "constrained", predicate: { op: ">=", values: ["2001"] } });
    expect(by["schools.name"].role).toBe("dependent");
  });

  it("local: between, lists of values and text patterns", async () => {
    const between = await runStep(rangeParsingStep, await input("Schools with between 100 and 200 test takers"), {
      reasoner: "local",
      sink: createRecorder(),
    });
    expect(between.output.ranges.find((r) => r.column === "NumTstTakr")?.predicate).toEqual({
      op: "between",
      values: [100, 200],
    });
    const contains = await runStep(rangeParsingStep, await input("Schools whose name contains 'Sequoia'"), {
      reasoner: "local",
      sink: createRecorder(),
    });
    expect(contains.output.ranges.find((r) => r.column === "name")?.predicate).toEqual({
      op: "contains",
      values: ["Sequoia"],
    });
  });

  it("local: a number inside a matched value is part of the value, not a quantity", async () => {
    const question = "How many test takers does Riverbend 42 have?";
    const { ports } = await sampleSetup();
    const hint = {
      phrase: "Riverbend 42",
      table: "schools",
      column: "name",
      value: "Riverbend 42",
      score: 1,
      exact: true,
    };
    const inp = rangeInput(question, parseQuestionLocally(question, [hint]), [hint], cols, ports);
    const r = await runStep(rangeParsingStep, inp, { reasoner: "local", sink: createRecorder() });
    expect(r.output.ranges.find((x) => x.column === "name")).toMatchObject({
      role: "constrained",
      predicate: { op: "=", values: ["Riverbend 42"] },
    });
    expect(r.output.ranges.find((x) => x.column === "NumTstTakr")?.role).toBe("dependent");
    expect(candidatePhrases("What is the total amount of orders by Customer 74218?")).toContain("Customer 74218");
  });

  it("llm: accepts the model's ranges and rejects ranges on unselected columns", async () => {
    const inp = await input("Schools with more than 300 test takers");
    const bad = {
      reasoning: "",
      ranges: [{ table: "schools", column: "zip", role: "constrained", predicate: { op: "=", values: ["x"] } }],
    };
    const good = {
      reasoning: "takers > 300",
      ranges: [
        { table: "satscores", column: "NumTstTakr", role: "constrained", predicate: { op: ">", values: [300] } },
      ],
    };
    const llm = new FakeLlmPort([{ object: bad }, { object: good }]);
    const r = await runStep(rangeParsingStep, inp, { reasoner: "llm", llm, sink: createRecorder() });
    expect(r).toMatchObject({ reasoner: "llm", attempts: 2 });
    expect(llm.requests[1].prompt).toContain('"schools.zip" was not selected');
    expect(r.output.ranges[0].predicate).toEqual({ op: ">", values: [300] });
  });
});
