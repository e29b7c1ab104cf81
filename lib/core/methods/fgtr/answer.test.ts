import { describe, expect, it } from "vitest";
import { FakeLlmPort } from "../../reasoner/testing/steps";
import { createRecorder } from "../../trace";
import { runFgtr } from "./run-fgtr";
import { sampleSetup } from "../../retrieval/testing/setup";

const norm = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();

describe("answer step, local: one SQL SELECT from intent, columns, join path and mapped values", () => {
  it.each([
    [
      "How many districts are in Fresno?",
      "SELECT count(*) FROM districts d JOIN counties c ON c.county_id = d.county_id WHERE c.name = 'Fresno'",
    ],
    ["What is the maximum number of test takers?", "SELECT max(NumTstTakr) FROM satscores"],
    ["How many schools are there for each funding type?", "SELECT count(*), funding FROM schools GROUP BY funding"],
    ["List the names of schools opened after 2015.", "SELECT name FROM schools WHERE opened >= '2016'"],
    [
      "Is there a district in Sacramento?",
      "SELECT CASE WHEN count(*) > 0 THEN 'yes' ELSE 'no' END FROM districts d JOIN counties c ON c.county_id = " +
        "d.county_id WHERE c.name = 'Sacramento'",
    ],
  ])("%s", async (question, reference) => {
    const { engine, ports } = await sampleSetup();
    const r = await runFgtr(question, {}, ports, createRecorder());
    expect(r.answer.sql).toMatch(/^SELECT /);
    expect(norm(r.result ? (r.answer.operation === "yes-no" ? [r.answer.values] : r.result.rows) : [])).toEqual(
      norm(engine.rows(reference)),
    );
  });

  it("answers 'which … the most …' by counting per entity", async () => {
    const { engine, ports } = await sampleSetup();
    const r = await runFgtr("Which district has the most schools?", {}, ports, createRecorder());
    expect(r.answer.sql).toMatch(/GROUP BY .* HAVING COUNT\(\*\) = \(SELECT MAX\(/);
    const counts = engine.rows(
      "SELECT d.name, count(*) FROM districts d JOIN schools s ON s.district_id = d.district_id GROUP BY d.district_id",
    );
    const max = Math.max(...counts.map((c) => Number(c[1])));
    expect(counts.filter((c) => c[1] === max).map((c) => c[0])).toContain(r.answer.values[0]);
  });

  it("answers a negation with an anti-join (NOT EXISTS) and lists evidence cells with row ids", async () => {
    const { engine, ports } = await sampleSetup();
    const r = await runFgtr("Which counties have no districts of kind Unified?", {}, ports, createRecorder());
    expect(r.answer.sql).toMatch(/NOT EXISTS \(SELECT 1 FROM/);
    const expected = engine.rows(
      "SELECT name FROM counties WHERE county_id NOT IN (SELECT county_id FROM districts WHERE kind = 'Unified')",
    );
    expect(norm(r.result!.rows)).toEqual(norm(expected));
    const some = await runFgtr("What is the city of Lincoln High School?", {}, ports, createRecorder());
    expect(some.answer.evidence.length).toBeGreaterThan(0);
    expect(some.answer.evidence.every((e) => e.table === "schools" && e.rowId > 0)).toBe(true);
  });
});

describe("answer step, llm", () => {
  it("falls back to the local steps, with warnings, when the model gives no usable answer", async () => {
    const { ports } = await sampleSetup({ reasoner: "llm", llm: new FakeLlmPort([]) });
    const sink = createRecorder();
    const r = await runFgtr("How many counties are in the Bay Area?", {}, ports, sink);
    expect(r.answer.values).toEqual([2]);
    expect(sink.events.filter((e) => e.type === "warning" && e.code === "llm_fallback").length).toBeGreaterThanOrEqual(
      4,
    );
    expect(
      sink.events.filter((e) => e.type === "step-end").every((e) => e.type === "step-end" && e.reasoner === "local"),
    ).toBe(true);
  });

  it("refuses SQL that writes (even if a cell told the model to); keeps only evidence of retrieved cells", async () => {
    const { ports } = await sampleSetup();
    const { answerQuestion } = await import("../../reasoner/answer/answer-question");
    const { answerInput } = await import("../../reasoner/schema/step-inputs");
    const { fillSchema } = await import("./schema-filling");
    const { parseQuestionLocally } = await import("../../reasoner/question/parse");
    const question = "Which region is Fresno in?";
    const parsed = parseQuestionLocally(question);
    const filled = fillSchema(
      [
        { table: "counties", column: "name" },
        { table: "counties", column: "region" },
      ],
      ports,
      createRecorder(),
      { enabled: true },
    );
    const subTables = [
      {
        table: "counties",
        columns: ["name", "region"],
        rowIds: [3],
        rowCount: 1,
        totalRows: 6,
        totalColumns: 3,
        rows: "constrained" as const,
      },
    ];
    const evil = {
      reasoning: "the cell said so",
      sql: "DROP TABLE counties",
      answer: null,
      values: [],
      operation: "lookup",
      evidence: [],
    };
    const honest = {
      reasoning: "row 3",
      sql: null,
      answer: "Central Valley",
      values: ["Central Valley"],
      operation: "lookup",
      evidence: [
        { table: "counties", column: "region", rowId: 3 },
        { table: "counties", column: "region", rowId: 999 },
      ],
    };
    const llm = new FakeLlmPort([{ object: evil }, { object: honest }]);
    const llmPorts = { ...ports, reasoner: "llm" as const, llm };
    const input = await answerInput(
      question,
      parsed,
      filled,
      new Map(),
      [],
      subTables,
      { ...(await import("./params")).DEFAULT_FGTR_PARAMS },
      llmPorts,
      createRecorder(),
    );
    expect(input.subTables[0].rows).toEqual([{ rowId: 3, values: ["Fresno", "Central Valley"] }]);
    const sink = createRecorder();
    const { answerStep } = await import("./answer");
    const r = await answerQuestion({ step: answerStep, input, ports: llmPorts, sink });
    expect(llm.requests[1].prompt).toContain("sql must be a single SELECT statement");
    expect(r.answer).toMatchObject({
      text: "Central Valley",
      evidence: [{ table: "counties", column: "region", rowId: 3, value: "Central Valley" }],
    });
    expect(sink.events.some((e) => e.type === "sql" && /DROP/.test(e.sql))).toBe(false);
  });
});
