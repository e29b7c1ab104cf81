import { describe, expect, it } from "vitest";
import { rankingMeasure } from "./aggregate-superlative";
import { planAnswer } from "./planner";
import { shopInput } from "../testing/shop-input";

describe("rankingMeasure", () => {
  it("reads an aggregate word after a superlative, and a closing 'by …'", () => {
    expect(rankingMeasure("Name the customer with the largest sum of payments.")).toEqual({
      fn: "sum",
      phrase: "payments",
    });
    expect(rankingMeasure("Which genre has the highest average IMDB rating?")).toEqual({
      fn: "avg",
      phrase: "imdb rating",
    });
    expect(rankingMeasure("Top 5 products by quantity ordered")).toEqual({ fn: "sum", phrase: "quantity ordered" });
    expect(rankingMeasure("Who is our biggest customer by average payment?")).toEqual({ fn: "avg", phrase: "payment" });
  });

  it("reads nothing from a plain superlative", () => {
    expect(rankingMeasure("Which customer has the highest credit limit?")).toBeNull();
    expect(rankingMeasure("Which product sold the most?")).toBeNull();
  });
});

describe("planAnswer with an aggregate ranking", () => {
  it("groups the asked-for entity and orders by the named total", () => {
    const plan = planAnswer(shopInput("Which customer has the largest total freight?"));
    expect(plan.groupBy.map((c) => c.column)).toContain("name");
    expect(plan.orderBy?.item.fn).toBe("sum");
    expect(plan.orderBy?.item.column?.column).toBe("freight");
    expect(plan.orderBy?.direction).toBe("desc");
    expect(plan.limit).toBe(1);
  });

  it("keeps a plain superlative a plain argmax", () => {
    const plan = planAnswer(shopInput("Which order has the highest freight?"));
    expect(plan.groupBy).toEqual([]);
    expect(plan.orderBy?.item.fn ?? null).toBeNull();
  });
});
