import { describe, expect, it } from "vitest";
import { measureCheck } from "./measure-check";
import type { AssessInput } from "./types";

const input = (question: string, answer: Partial<AssessInput["answer"]> = {}): AssessInput => ({
  question,
  method: "fgtr",
  reasoner: "local",
  answer: { text: "", values: ["x"], evidence: [], ...answer },
  events: [],
  schema: {
    tables: [
      {
        name: "employees",
        columns: [
          { column: "lastName", name: "lastName", type: "text" },
          { column: "jobTitle", name: "jobTitle", type: "text" },
          { column: "birth_date", name: "birth_date", type: "date" },
        ],
      },
      { name: "orders", columns: [{ column: "amount", name: "amount", type: "real" }] },
    ],
  },
  maxAnswerRows: 200,
});

describe("measureCheck: what a question measures must be in the data", () => {
  it("finds nothing to answer 'the highest salary' from without a salary column", () => {
    expect(measureCheck(input("Which employee earns the highest salary?"))[0]?.id).toBe("unknown-measure");
    expect(measureCheck(input("What was the average departure delay?"))[0]?.hard).toBe(true);
  });

  it("reads a superlative's attribute: the oldest is answered from a birth date", () => {
    expect(measureCheck(input("Who is the oldest employee?"))).toEqual([]);
    expect(measureCheck(input("What is the total amount of all orders?"))).toEqual([]);
  });

  it("counts the method's own evidence as data (a passage sentence)", () => {
    const q = "What is the average salary of employees?";
    expect(measureCheck(input(q))).toHaveLength(1);
    expect(measureCheck(input(q, { sentences: [{ passage: "p1", text: "Her salary is 50,000." }] }))).toEqual([]);
  });
});
