import { describe, expect, it } from "vitest";
import { partColumn } from "../../programs/date-group";
import { countStar, plain } from "../../programs/plan";
import { shopColumn, shopCondition, shopInput, shopPlan } from "../../testing/shop-input";
import { describePlan } from "./describe";
import { nameAsWords } from "./names";

// The sentence forms of the reading grammar on the shop kit (customers, orders, order lines).

const input = shopInput("How many orders did Danish customers place?", [
  shopCondition("customers", "country", "=", "Denmark"),
]);
const col = (t: string, c: string) => shopColumn(input, t, c);
const read = (over: Parameters<typeof shopPlan>[1]) => describePlan(shopPlan(input, over), input);

describe("reading grammar", () => {
  it("reads a count with a condition on another table through that table's row", () => {
    expect(read({ select: [countStar()] })).toBe('the number of orders whose customer\'s country is "Denmark"');
  });

  it("reads a group's extreme by its entity, without repeating the group", () => {
    const plan = {
      select: [plain(col("customers", "name"))],
      groupBy: [col("customers", "customer_id"), col("customers", "name")],
      orderBy: { item: countStar(), direction: "desc" as const },
      limit: 1,
      where: [],
    };
    expect(read(plan)).toBe("the customer with the most orders");
  });

  it("reads a count bound and an anti-join without 'having have'", () => {
    const bound = read({
      select: [plain(col("customers", "name"))],
      groupBy: [col("customers", "customer_id")],
      having: { op: ">", value: 3 },
      where: [],
    });
    expect(bound).toBe("the customers with more than 3 orders");
    const none = read({
      mainTable: "customers",
      select: [countStar()],
      where: [],
      negation: { constraints: [], table: "orders" },
    });
    expect(none).toBe("the number of customers with no orders");
  });

  it("reads a missing value, a date period and an exclusion", () => {
    const missing = {
      ...shopCondition("orders", "order_date", "is-null", 0),
      predicate: { op: "is-null" as const, values: [] },
    };
    expect(read({ select: [countStar()], where: [missing] })).toBe("the number of orders whose order date is missing");
    const march = shopCondition("orders", "order_date", "starts-with", "2018-03");
    expect(read({ select: [countStar()], where: [march] })).toBe(
      "the number of orders whose order date is in March 2018",
    );
    const except = {
      ...shopCondition("customers", "country", "not-in", "France"),
      predicate: { op: "not-in" as const, values: ["France", "Spain"] },
    };
    expect(read({ mainTable: "customers", select: [countStar()], where: [except] })).toBe(
      'the number of customers whose country is neither "France" nor "Spain"',
    );
  });

  it("names per-group figures once", () => {
    const country = col("customers", "country");
    expect(read({ select: [plain(country), countStar()], groupBy: [country], where: [] })).toBe(
      "the number of orders for each customer country",
    );
  });

  it("names a date part once, whether or not the part column's name says it", () => {
    const date = col("orders", "order_date");
    for (const month of [{ ...date, part: "month" as const }, partColumn(date, "month")])
      expect(read({ select: [plain(month), countStar()], groupBy: [month], where: [] })).toBe(
        "the number of orders for each month of order date",
      );
  });

  it("reads schema names as words", () => {
    expect(nameAsWords("CompanyName")).toBe("company name");
    expect(nameAsWords("body_mass_g", ["body", "m", "ass", "g"])).toBe("body mass (g)");
    expect(nameAsWords("number_of_orders", ["number", "orders"])).toBe("number of orders");
    expect(nameAsWords("dept_no", ["department", "number"])).toBe("department number");
    expect(nameAsWords("IMDB Rating")).toBe("IMDB rating");
    expect(nameAsWords("customer_id", ["customer", "identifier"])).toBe("customer ID");
  });
});
