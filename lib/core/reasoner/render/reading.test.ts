import { describe, expect, it } from "vitest";
import { readPlan, shownReading } from "./reading";
import { shopColumn, shopCondition, shopInput, shopPlan } from "../testing/shop-input";
import { partColumn } from "../programs/date-group";

describe("readings", () => {
  const input = shopInput("How many orders did Danish customers place?", [
    shopCondition("customers", "country", "=", "Denmark"),
  ]);
  const plan = shopPlan(input, { select: [{ fn: "count", column: null, distinct: false }] });

  it("shows people which table a condition is on when it is not the counted one", () => {
    expect(shownReading(plan, input)).toBe('number of orders whose customers\' country is "Denmark"');
  });

  it("keeps the ranker's reading as it was trained on", () => {
    expect(readPlan(plan, input)).toBe('number of orders whose country is "Denmark"');
  });
  it("reads date parts, counted groups and distinct counts in words", () => {
    const may = shopInput("How many orders in May?", [
      { ...shopCondition("orders", "order_date", "=", 5), predicate: { op: "=", values: [5], part: "month" } },
    ]);
    expect(readPlan(shopPlan(may, { select: [{ fn: "count", column: null, distinct: false }] }), may)).toBe(
      "number of orders whose month of order_date is 5",
    );
    const twice = shopInput("How many customers ordered twice?");
    const key = shopColumn(twice, "orders", "customer_id");
    const counted = shopPlan(twice, {
      select: [{ fn: "count", column: null, distinct: false }],
      groupBy: [key],
      having: { op: "=", value: 2 },
    });
    expect(readPlan(counted, twice)).toBe("number of customer_id with exactly 2 orders");
    const month = partColumn(shopColumn(twice, "orders", "order_date"), "month");
    const busiest = shopPlan(twice, {
      select: [{ fn: null, column: month, distinct: false }],
      groupBy: [month],
      orderBy: { item: { fn: "count", column: null, distinct: false }, direction: "desc" },
      limit: 1,
    });
    expect(readPlan(busiest, twice)).toBe("the month of order_date with the most orders");
  });
});
