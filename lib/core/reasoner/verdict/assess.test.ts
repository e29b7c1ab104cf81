import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../../trace/event";
import type { Answer } from "../../trace/kinds-run";
import { assessAnswer } from "./assess";
import { untrainedModel } from "./calibration";
import { CONFIDENCE_FEATURES } from "./features";
import { questionShape } from "./question-shape";
import type { ProfiledSchema } from "./types";

const schema: ProfiledSchema = {
  tables: [
    {
      name: "cars_data",
      columns: [
        { column: "Cylinders", name: "Cylinders", type: "integer", profile: { type: "integer", min: 3, max: 8 } },
        { column: "Year", name: "Year", type: "integer", profile: { type: "integer", min: 1970, max: 1982 } },
        { column: "Horsepower", name: "Horsepower", type: "real", profile: { type: "real", min: 46, max: 230 } },
      ],
    },
    {
      name: "car_makers",
      columns: [
        { column: "Maker", name: "Maker", type: "text" },
        { column: "Country", name: "Country", type: "text" },
      ],
    },
  ],
};
const model = untrainedModel(CONFIDENCE_FEATURES);
let seq = 0;
const sqlEvent = (sql: string, rowCount: number): TraceEvent =>
  ({ seq: seq++, at: 0, type: "sql", sql, rowCount, ms: 1, ok: true, purpose: "answer" }) as TraceEvent;
const selection = (frequency: number): TraceEvent =>
  ({
    seq: seq++,
    at: 0,
    type: "schema-selection",
    columns: [{ table: "cars_data", column: "Year", votes: 5, frequency }],
    k: 5,
    theta: 0.6,
    kept: [{ table: "cars_data", column: "Year" }],
    dropped: [],
  }) as TraceEvent;

function judge(question: string, answer: Partial<Answer>, events: TraceEvent[] = []) {
  const a: Answer = { text: "", values: [], evidence: [], ...answer };
  return assessAnswer(
    { question, method: "fgtr", reasoner: "local", answer: a, events, schema, maxAnswerRows: 200 },
    model,
  );
}

describe("question shape", () => {
  it("reads counts, numbers, superlatives, lists and yes/no from the wording", () => {
    expect(questionShape("How many cars have 8 cylinders?").shape).toBe("count");
    expect(questionShape("What is the average horsepower of the cars?").shape).toBe("number");
    expect(questionShape("Which car maker produces the most models?")).toMatchObject({
      shape: "one",
      superlative: true,
      target: ["car", "maker"],
    });
    expect(questionShape("List the names of all makers.").shape).toBe("list");
    expect(questionShape("Is there a car with 12 cylinders?").shape).toBe("yes-no");
    expect(questionShape("How many models does each maker produce?").perGroup).toBe(true);
  });
});

describe("assessAnswer", () => {
  it("says a literal is outside the column's observed range and is not 'answered'", () => {
    const sql =
      `SELECT AVG(T1."Horsepower") FROM cars_data AS T1 WHERE T1."Cylinders" = 8 OR T1."Cylinders" = ` +
      `1974 LIMIT 200`;
    const v = judge(
      "What is the average horsepower of the cars with 8 cylinders made in 1974?",
      { sql, values: [158.45], operation: "average" },
      [selection(1), sqlEvent(sql, 1)],
    );
    expect(v.verdict).toBe("unsure");
    expect(v.reason).toBe("1974 is outside Cylinders' values 3–8");
  });

  it("without SQL, says when no column could meet a number the question compares", () => {
    const v = judge("How many cars have more than 5000 horsepower?", { values: [3], text: "3" });
    expect(v.verdict).not.toBe("answered");
    expect(v.reason).toBe("No column holds a value that meets 5000");
    expect(judge("How many cars have more than 90 horsepower?", { values: [3], text: "3" }).reason).not.toContain(
      "no column holds",
    );
  });

  it("flags a superlative answered with many rows", () => {
    const sql = `SELECT T1."Maker" FROM car_makers AS T1 LIMIT 200`;
    const v = judge(
      "Which car maker produces the most models?",
      { sql, values: Array.from({ length: 22 }, (_, i) => `m${i}`) },
      [selection(1), sqlEvent(sql, 22)],
    );
    expect(v.verdict).toBe("unsure");
    expect(v.reason).toBe("The question asks for one car maker; the query returned 22 rows");
    expect(v.runnerUp?.text).toContain("m1");
  });

  it("gives no answer when the answer only repeats the question, and names the closest columns", () => {
    const sql = `SELECT T1."Country" FROM car_makers AS T1 WHERE T1."Country" = 'france' LIMIT 200`;
    const v = judge("What is the capital of France?", { sql, values: ["france"] }, [sqlEvent(sql, 1)]);
    expect(v.verdict).toBe("no-answer");
    expect(v.reason).toMatch(/capital|repeats/);
  });

  it("gives no answer on an empty result and on a NULL aggregate is unsure", () => {
    const sql = `SELECT T1."Maker" FROM car_makers AS T1 WHERE T1."Country" = 'mars'`;
    expect(judge("Which maker is from mars?", { sql, values: [] }, [sqlEvent(sql, 0)]).verdict).toBe("no-answer");
    const avg = `SELECT AVG(T1."Horsepower") FROM cars_data AS T1 WHERE T1."Year" = 1975`;
    const v = judge("What is the average horsepower in 1975?", { sql: avg, values: [null], operation: "average" }, [
      sqlEvent(avg, 1),
    ]);
    expect(v.verdict).not.toBe("answered");
    expect(v.reason).toMatch(/empty/);
  });

  it("takes a learned ranker's next candidate as the runner-up", () => {
    const sql = `SELECT T1."Maker" FROM car_makers AS T1 LIMIT 200`;
    const ranker = {
      seq: seq++,
      at: 0,
      type: "program-ranking",
      candidates: [
        { sql, operation: "lookup", score: 2, probability: 0.4 },
        { sql: "SELECT 2", operation: "count", score: 1, probability: 0.35 },
      ],
    } as unknown as TraceEvent;
    const v = judge("Which car maker produces the most models?", { sql, values: ["a", "b"] }, [
      ranker,
      sqlEvent(sql, 2),
    ]);
    expect(v.signals.rankerProbability).toBe(0.4);
    expect(v.signals.rankerMargin).toBeCloseTo(0.05);
    expect(v.runnerUp).toMatchObject({ sql: "SELECT 2", probability: 0.35 });
  });

  it("names the runner-up by its reading when the ranker gave one", () => {
    const sql = `SELECT T1."Maker" FROM car_makers AS T1 LIMIT 200`;
    const ranker = {
      seq: seq++,
      at: 0,
      type: "program-candidates",
      candidates: [
        { sql, operation: "lookup", score: 2, probability: 0.4, reading: "Maker of car_makers" },
        { sql: "SELECT 2", operation: "count", score: 1, probability: 0.35, reading: "number of car_makers" },
      ],
    } as unknown as TraceEvent;
    const v = judge("Which car maker produces the most models?", { sql, values: ["a", "b"] }, [
      ranker,
      sqlEvent(sql, 2),
    ]);
    expect(v.verdict).toBe("unsure");
    expect(v.runnerUp).toMatchObject({ text: "another reading: number of car_makers", sql: "SELECT 2" });
  });

  it("says how many rows a truncated answer has", () => {
    const sql = `SELECT T1."Year" FROM cars_data AS T1 LIMIT 200`;
    const v = judge(
      "List the years of all cars.",
      { sql, values: [1970], truncated: { shown: 200, total: 5312, exact: true } },
      [selection(1), sqlEvent(sql, 200)],
    );
    if (v.verdict === "answered") expect(v.reason).toBe("First 200 of 5,312 rows");
    expect(v.signals.truncated).toBe(true);
  });
  it("says when an unsure answer's reading was reused from a confirmed answer", () => {
    const sql = `SELECT COUNT(*) FROM cars_data AS T1 LIMIT 200`;
    const learnedFrom = { question: "How many cars are there?", similarity: 0.8 };
    const v = judge("Count the cars, please.", { sql, values: [406], text: "406", learnedFrom }, [sqlEvent(sql, 1)]);
    expect(v.verdict).toBe("unsure");
    expect(v.reason).toMatch(/^Reused from an answer you confirmed; without that, only \d+% of answers like this one/);
    const plain = judge("Count the cars, please.", { sql, values: [406], text: "406" }, [sqlEvent(sql, 1)]);
    expect(plain.reason).toMatch(/^Only \d+% of answers like this one/);
  });
});
