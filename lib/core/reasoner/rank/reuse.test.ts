import { describe, expect, it } from "vitest";
import type { LearnedExample } from "../../model/program";
import { similarity } from "./learned";
import { countStar, type QueryPlan } from "../programs/plan";
import { planFromJson, planToJson } from "../programs/program-json";
import { adaptProgram, rejectedPrograms, reusedProgram } from "./reuse";
import { shopCondition, shopInput, shopPlan } from "../testing/shop-input";

function countIn(input: ReturnType<typeof shopInput>): QueryPlan {
  return shopPlan(input, { mainTable: "customers", select: [countStar()] });
}

const confirmed = (question: string, plan: QueryPlan, verdict: LearnedExample["verdict"] = "confirmed") => ({
  id: "e1",
  question,
  reading: 'number of customers whose country is "France"',
  program: planToJson(plan),
  verdict,
});

describe("reusing a confirmed answer", () => {
  const earlier = shopInput("How many customers do we have in France?", [
    shopCondition("customers", "country", "=", "France"),
  ]);
  const example = confirmed(earlier.question, countIn(earlier));

  it("reads a program back from its JSON against the same columns", () => {
    const plan = planFromJson(example.program, earlier);
    expect(plan?.where[0].predicate.values).toEqual(["France"]);
    expect(plan?.select[0].fn).toBe("count");
  });

  it("takes the new question's value for a condition it does not say", () => {
    const now = shopInput("What's the number of customers in Spain?", [
      shopCondition("customers", "country", "=", "Spain"),
    ]);
    expect(adaptProgram(example.program, now)?.where[0].predicate.values).toEqual(["Spain"]);
    const reused = reusedProgram(now, undefined, [example]);
    expect(reused?.source).toBe("learned");
    expect(reused?.from?.question).toBe(earlier.question);
  });

  it("does not fit when the new question gives the column no value", () => {
    const now = shopInput("How many customers do we have?", []);
    expect(adaptProgram(example.program, now)).toBeNull();
  });

  it("reuses only for a question that asks the same kind of answer, however many words they share", () => {
    const now = shopInput("What is the average freight of the customers in Spain?", [
      shopCondition("customers", "country", "=", "Spain"),
    ]);
    expect(similarity(now.question, example)).toBeGreaterThanOrEqual(0.6);
    expect(reusedProgram(now, undefined, [example])).toBeNull();
    // An earlier question of the same kind is reused.
    const average = confirmed("What is the average freight of the customers in France?", countIn(earlier));
    expect(reusedProgram(now, undefined, [example, average])?.from?.question).toBe(average.question);
  });

  it("scores paraphrases as close and other questions as far", () => {
    expect(similarity("Number of customers we have in Spain", example)).toBeGreaterThanOrEqual(0.6);
    expect(similarity("Which order had the highest freight?", example)).toBeLessThan(0.6);
  });

  it("gives a picked program as it is, and lists rejected programs of close questions", () => {
    const now = shopInput("How many customers do we have in France?", [
      shopCondition("customers", "country", "=", "France"),
    ]);
    expect(reusedProgram(now, example.program, [])?.source).toBe("picked");
    const rejected = confirmed(earlier.question, countIn(earlier), "rejected");
    expect(rejectedPrograms("How many customers are there in France?", [rejected])).toHaveLength(1);
    expect(rejectedPrograms("Which product sold the most?", [rejected])).toHaveLength(0);
  });
});
