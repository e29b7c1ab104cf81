import { describe, expect, it } from "vitest";
import type { ProgramShape } from "./features";
import type { ProgramRun, RankedProgram } from "./rank";
import { alternativesOf, saysNothing } from "./alternatives";
import type { ProgramCandidate } from "../programs/candidates";
import { countStar, type QueryPlan } from "../programs/plan";
import { shopColumn, shopCondition, shopInput, shopPlan } from "../testing/shop-input";

const input = shopInput("How many customers are in France?", [shopCondition("customers", "country", "=", "France")]);
const col = (table: string, column: string) => shopColumn(input, table, column);

function plan(extra: Partial<QueryPlan> = {}): QueryPlan {
  return shopPlan(input, { mainTable: "customers", select: [countStar()], ...extra });
}

const candidate = (reading: string, p: QueryPlan = plan()): ProgramCandidate => ({
  sql: `SELECT /* ${reading} */ 1`,
  operation: p.operation,
  evidenceQuery: null as never,
  shape: {} as ProgramShape,
  reading,
  plan: p,
});
const rows = (...values: number[]): ProgramRun => ({ rows: values.map((v) => [v]), columns: ["n"] });
const ranked = (c: ProgramCandidate, run: ProgramRun, probability = 0.5): RankedProgram<ProgramCandidate> => ({
  candidate: c,
  score: 0,
  probability,
  run,
});

describe("alternative readings", () => {
  it("a group per identifier and a count of different values of a column fixed to one value say nothing", () => {
    expect(saysNothing(plan({ groupBy: [col("customers", "customer_id")], limit: 1 }))).toBe(true);
    expect(saysNothing(plan({ groupBy: [col("customers", "name")] }))).toBe(true);
    const country = { fn: "count" as const, column: col("customers", "country"), distinct: true };
    expect(saysNothing(plan({ select: [country] }))).toBe(true);
    expect(saysNothing(plan({ select: [country], where: [] }))).toBe(false);
    expect(saysNothing(plan({ groupBy: [col("customers", "country")] }))).toBe(false);
    expect(saysNothing(plan())).toBe(false);
  });

  it("offers executed readings whose results differ, best first, with their probabilities", async () => {
    const chosen = candidate("number of customers whose country is France");
    const same = candidate("number of different name of customers whose country is France");
    const other = candidate("number of customers");
    const perRow = candidate(
      "name of the customer_id with the fewest customers",
      plan({ groupBy: [col("customers", "customer_id")] }),
    );
    const out = await alternativesOf(
      [ranked(chosen, rows(3)), ranked(same, rows(3)), ranked(perRow, rows(7)), ranked(other, rows(10), 0.1)],
      chosen,
      [],
      null,
    );
    expect(out.map((a) => [a.reading, a.probability])).toEqual([["number of customers", 0.1]]);
  });

  it("runs up to six more ranked readings when fewer than two executed ones differ, unscored", async () => {
    const chosen = candidate("number of customers whose country is France");
    const rest = Array.from({ length: 10 }, (_, i) => candidate(`reading ${i}`));
    const asked: string[] = [];
    const run = async (c: ProgramCandidate) => {
      asked.push(c.reading);
      if (c.reading === "reading 1" || c.reading === "reading 4") return rows(3);
      if (c.reading === "reading 2") return null;
      return c.reading === "reading 5" ? rows(6) : rows(5);
    };
    const out = await alternativesOf([ranked(chosen, rows(3))], chosen, rest, run);
    // 1 and 4 say what the answer says, 2 fails, 3 repeats 0's result; the seventh is never run.
    expect(out.map((a) => a.reading)).toEqual(["reading 0", "reading 5"]);
    expect(asked).toEqual(["reading 0", "reading 1", "reading 2", "reading 3", "reading 4", "reading 5"]);
    expect(out[0].probability).toBeUndefined();
    expect(out[0].program.mainTable).toBe("customers");
  });
});
