import { describe, expect, it } from "vitest";
import type { Answer } from "../../trace/kinds-run";
import { questionShape } from "./question-shape";
import { readingSignals } from "./reading-signals";
import type { TraceFacts } from "./trace-facts";
import type { ProfiledSchema } from "./types";

const schema: ProfiledSchema = {
  tables: [
    {
      name: "airports",
      columns: [
        { column: "airport_id", name: "airport_id", type: "integer" },
        { column: "name", name: "name", type: "text" },
        { column: "state", name: "state", type: "text" },
      ],
    },
    {
      name: "flights",
      columns: [
        { column: "origin", name: "origin", type: "text" },
        { column: "delay", name: "delay", type: "real" },
      ],
    },
  ],
};
const facts = (hits: string[] = []): TraceFacts => ({
  answerSql: null,
  otherCandidates: [],
  hits: new Map(hits.map((h) => [h, { score: 1, match: "exact", query: h }])),
  fallbacks: 0,
  llmSteps: 0,
  warnings: [],
});
function signals(question: string, answer: Partial<Answer>, hits: string[] = []) {
  const a: Answer = { text: "", values: [], evidence: [], ...answer };
  return readingSignals(
    { question, method: "fgtr", reasoner: "local", answer: a, events: [], schema, maxAnswerRows: 200 },
    facts(hits),
    questionShape(question),
  );
}

describe("reading signals", () => {
  it("counts the question's words the reading leaves unread, and the asked-for ones among them", () => {
    const counted = 'SELECT COUNT(*) FROM "airports" AS T1 WHERE T1."state" = \'TX\'';
    const wrong = signals("How many flights departed from airports in Texas?", {
      sql: counted,
      values: [25],
      reading: 'number of airports whose state is "TX"',
    });
    expect(wrong.targetUnused).toBe(1);
    expect(wrong.wordsUnused).toBeGreaterThanOrEqual(2);
    const right = signals("How many airports are in the state TX?", {
      sql: counted,
      values: [25],
      reading: 'number of airports whose state is "TX"',
    });
    expect(right).toMatchObject({ wordsUnused: 0, targetUnused: 0 });
  });

  it("reads a method's own evidence: a passage sentence that holds the question's words", () => {
    const s = signals("Who is the superintendent of Oak Hollow?", {
      values: ["James Whitfield"],
      sentences: [{ passage: "p1", text: "Oak Hollow's superintendent is James Whitfield." }],
    });
    expect(s.wordsUnused).toBe(0);
  });

  it("flags a key aggregated, an id for 'which', a join aggregate without a semi-join, a count of 0", () => {
    expect(
      signals("What is the total airport?", { sql: 'SELECT SUM(T1."airport_id") FROM "airports" AS T1' }),
    ).toMatchObject({ keyAggregated: true });
    expect(signals("Which airport is busiest?", { sql: 'SELECT T1."airport_id" FROM "airports" AS T1' })).toMatchObject(
      { idForWhich: true },
    );
    const joined = 'SELECT SUM(T2."delay") FROM "airports" AS T1 JOIN "flights" AS T2 ON T2."origin" = T1."name"';
    expect(signals("What is the total delay?", { sql: joined })).toMatchObject({ joinAggregate: true });
    expect(signals("How many airports?", { sql: 'SELECT COUNT(*) FROM "airports"', values: [0] })).toMatchObject({
      zeroCount: true,
    });
  });

  it("counts text literals the cell index never returned, and the best differing reading", () => {
    const sql = 'SELECT COUNT(*) FROM "airports" AS T1 WHERE T1."name" = \'Logan\' AND T1."state" = \'MA\'';
    const s = signals(
      "How many airports named Logan in MA?",
      {
        sql,
        values: [1],
        alternatives: [{ reading: "r", sql: "s", probability: 0.3 }],
      },
      ["logan"],
    );
    expect(s).toMatchObject({ literalsUnseen: 1, rivalProbability: 0.3 });
  });
});

describe("question shape: what a plural or an attribute asks", () => {
  it("reads a plural after which as a list, and 'phone number of' as an attribute, not a count", async () => {
    expect(questionShape("Which customers have a name starting with 'Mini'?").shape).toBe("list");
    expect(questionShape("Which states or territories have the fewest airports?").shape).toBe("list");
    expect(questionShape("Which product line has the most products?").shape).toBe("one");
    expect(questionShape("What's the phone number of our Paris office?").shape).toBe("one");
    expect(questionShape("What is the number of schools?").shape).toBe("count");
  });
});
