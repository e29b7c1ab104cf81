import { describe, expect, it } from "vitest";
import type { LearnedExample } from "../../model/program";
import { similarity } from "./learned";
import { planCandidate } from "../programs/candidates";
import { learnedPreference, PREFER_SIMILARITY, programShapeKey } from "./learned-preference";
import type { QueryPlan } from "../programs/plan";
import { planToJson } from "../programs/program-json";
import { shopCondition, shopInput, shopPlan } from "../testing/shop-input";

// The freight of a country's customers' orders, and the name of its customers: two programs the
// ranker could make of the same words.
const freightIn = (input: ReturnType<typeof shopInput>): QueryPlan =>
  shopPlan(input, {
    mainTable: "orders",
    select: [{ fn: "sum", column: input.columns.find((c) => c.column === "freight")!, distinct: false }],
    extraTables: ["customers"],
  });
const namesIn = (input: ReturnType<typeof shopInput>): QueryPlan =>
  shopPlan(input, {
    mainTable: "customers",
    select: [{ fn: null, column: input.columns.find((c) => c.column === "name")!, distinct: false }],
  });

const earlier = shopInput("What is the total freight of our customers in France?", [
  shopCondition("customers", "country", "=", "France"),
]);
const example: LearnedExample = {
  id: "e1",
  question: earlier.question,
  reading: 'total freight of orders whose customers\' country is "France"',
  program: planToJson(freightIn(earlier)),
  verdict: "confirmed",
};

describe("preferring the program a confirmed close question vouches for", () => {
  const now = shopInput("How much did shipping to our clients in Spain cost in total?", [
    shopCondition("customers", "country", "=", "Spain"),
  ]);
  const candidates = [namesIn(now), freightIn(now)].map((p) => planCandidate(p, now, [], "lookup"));

  it("keys a program by its computation, whatever values its conditions hold", () => {
    expect(programShapeKey(planToJson(freightIn(now)))).toBe(programShapeKey(example.program));
    expect(programShapeKey(planToJson(namesIn(now)))).not.toBe(programShapeKey(example.program));
  });

  it("picks the candidate with the confirmed program's computation, with this question's values", () => {
    const s = similarity(now.question, example);
    expect(s).toBeGreaterThanOrEqual(PREFER_SIMILARITY);
    expect(s).toBeLessThan(0.6); // too far for reuse without the ranker's agreement
    const preferred = learnedPreference(now.question, candidates, [example]);
    expect(preferred?.candidate).toBe(candidates[1]);
    expect(preferred?.candidate.plan.where[0].predicate.values).toEqual(["Spain"]);
    expect(preferred?.from.question).toBe(example.question);
  });

  it("prefers nothing for a rejected program, a far question or a program no candidate has", () => {
    expect(learnedPreference(now.question, candidates, [{ ...example, verdict: "rejected" }])).toBeNull();
    expect(learnedPreference("Which product sold the most units?", candidates, [example])).toBeNull();
    expect(learnedPreference(now.question, candidates.slice(0, 1), [example])).toBeNull();
  });

  it("never drops a condition the ranker's own choice keeps", () => {
    const both = shopInput("How much did shipping to our clients in Spain cost in total in 2024?", [
      shopCondition("customers", "country", "=", "Spain"),
      shopCondition("orders", "order_date", "starts-with", "2024"),
    ]);
    const countryOnly = shopInput(both.question, both.constraints.slice(0, 1));
    const oneCondition = planCandidate(freightIn(countryOnly), both, [], "sum");
    expect(learnedPreference(both.question, [oneCondition], [example], 1)?.candidate).toBe(oneCondition);
    expect(learnedPreference(both.question, [oneCondition], [example], 2)).toBeNull();
  });
});
