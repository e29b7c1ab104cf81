import { describe, expect, it } from "vitest";
import { parseQuestionSet } from "./question-set";

describe("parseQuestionSet", () => {
  it("keeps good JSONL lines and reports bad ones by line number", () => {
    const text = [
      '{"id": "a", "question": "How many?", "answer": 3, "tags": ["count"]}',
      "{not json",
      "",
      '{"question": "Which?", "answer": ["x", "y"], "gold_sql": "SELECT 1"}',
      '{"question": "No answer here"}',
      '{"id": "a", "question": "Again", "answer": 1}',
    ].join("\n");
    const { items, errors } = parseQuestionSet(text);
    expect(items.map((i) => i.id)).toEqual(["a", "line-4"]);
    expect(items[1]).toMatchObject({ answer: ["x", "y"], goldSql: "SELECT 1", tags: [] });
    expect(errors.map((e) => e.line)).toEqual([2, 5, 6]);
    expect(errors[0].message).toBe("Line 2 is not valid JSON.");
    expect(errors[1].message).toBe("Line 5 has no answer.");
    expect(errors[2].message).toMatch(/repeats the id "a" of line 1/);
  });

  it("reads CSV with list answers, tags and line numbers across quoted line breaks", () => {
    const text = 'id,question,answer,tags\n1,"Two\nlines?",5,a;b\n2,,7,\n3,List?,"[""p"",""q""]",x\n4,Short\n';
    const { items, errors } = parseQuestionSet(text, "csv");
    expect(items).toEqual([
      { id: "1", question: "Two\nlines?", answer: ["5"], goldSql: null, tags: ["a", "b"] },
      { id: "3", question: "List?", answer: ["p", "q"], goldSql: null, tags: ["x"] },
    ]);
    expect(errors).toEqual([
      { line: 4, message: "Line 4 has no question." },
      { line: 6, message: "Line 6 has 2 fields; the header has 4." },
    ]);
  });

  it("reads an empty answer list as: the right result has no rows", () => {
    const jsonl = parseQuestionSet('{"id": "q1", "question": "Which schools opened in 1850?", "answer": []}\n');
    expect(jsonl).toEqual({
      items: [{ id: "q1", question: "Which schools opened in 1850?", answer: [], goldSql: null, tags: [] }],
      errors: [],
    });
    const csv = parseQuestionSet("question,answer\nNone?,[]\nMissing?,\n", "csv");
    expect(csv.items.map((i) => i.answer)).toEqual([[]]);
    expect(csv.errors).toEqual([{ line: 3, message: "Line 3 has no answer." }]);
  });

  it("refuses a CSV without a question column as one error", () => {
    expect(parseQuestionSet("q,a\nx,1\n", "csv")).toEqual({
      items: [],
      errors: [{ line: 1, message: "The CSV has no `question` column in its first row." }],
    });
  });
});
