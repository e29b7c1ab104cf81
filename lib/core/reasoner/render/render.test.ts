import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countStar, plain, type QueryPlan } from "../programs/plan";
import { renderPlan } from "./render";
import { shopColumn, shopCondition, shopInput, shopPlan } from "../testing/shop-input";

const db = new Database(":memory:");
beforeAll(() => {
  db.exec(`
    CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT, country TEXT);
    CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER, order_date TEXT, freight REAL);
    CREATE TABLE order_lines (order_id INTEGER, product TEXT, quantity INTEGER);
    INSERT INTO customers VALUES (1, 'Ann', 'France'), (2, 'Bo', 'Spain');
    INSERT INTO orders VALUES (10, 1, '2024-01-05', 100), (11, 1, '2024-02-01', 50), (12, 2, '2023-12-30', 70);
    INSERT INTO order_lines VALUES (10, 'pen', 1), (10, 'ink', 2), (10, 'pad', 3), (11, 'pen', 5), (12, 'ink', 1);
  `);
});
afterAll(() => db.close());

const run = (sql: string) => db.prepare(sql).raw(true).all() as unknown[][];

function plan(input: ReturnType<typeof shopInput>, over: Partial<QueryPlan>): QueryPlan {
  return shopPlan(input, { operation: "sum", ...over });
}

describe("renderPlan: aggregates never fan out through one-to-many joins", () => {
  it("sums an order's freight once however many of its lines match", () => {
    const input = shopInput("total freight of orders with a pen or ink line", [
      shopCondition("order_lines", "product", "in", "pen"),
    ]);
    input.constraints[0].predicate.values = ["pen", "ink"];
    const freight = shopColumn(input, "orders", "freight");
    const sql = renderPlan(plan(input, { select: [{ fn: "sum", column: freight, distinct: false }] }), input).sql;
    expect(sql).toContain(" IN (SELECT ");
    // Orders 10 (pen, ink), 11 (pen) and 12 (ink): 100 + 50 + 70, not 100 counted twice.
    expect(run(sql)).toEqual([[220]]);
  });

  it("counts orders, not order lines, and keeps conditions of one line together", () => {
    const input = shopInput("how many orders have a pen line with quantity over 2", [
      shopCondition("order_lines", "product", "=", "pen"),
      shopCondition("order_lines", "quantity", ">", 2),
    ]);
    const sql = renderPlan(plan(input, { operation: "count", select: [countStar()] }), input).sql;
    // Only order 11 has a pen line with quantity 5; order 10's pen line has 1 (its pad has 3).
    expect(run(sql)).toEqual([[1]]);
  });

  it("joins a many-to-one table as usual (it cannot repeat rows)", () => {
    const input = shopInput("total freight of orders from France", [
      shopCondition("customers", "country", "=", "France"),
    ]);
    const freight = shopColumn(input, "orders", "freight");
    const sql = renderPlan(plan(input, { select: [{ fn: "sum", column: freight, distinct: false }] }), input).sql;
    expect(sql).toContain("JOIN");
    expect(sql).not.toContain(" IN (SELECT ");
    expect(run(sql)).toEqual([[150]]);
  });

  it("leaves a plain list as a join", () => {
    const input = shopInput("names of customers who bought ink", [shopCondition("order_lines", "product", "=", "ink")]);
    const name = shopColumn(input, "customers", "name");
    const sql = renderPlan(
      plan(input, { operation: "list", mainTable: "customers", select: [plain(name)], distinct: true }),
      input,
    ).sql;
    expect(sql).not.toContain(" IN (SELECT ");
    expect(
      run(sql)
        .map((r) => r[0])
        .sort(),
    ).toEqual(["Ann", "Bo"]);
  });
});
