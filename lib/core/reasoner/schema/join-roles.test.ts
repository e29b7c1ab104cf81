import { describe, expect, it } from "vitest";
import { joinTree } from "../../index/join-path";
import { columnKey } from "../../model/column-ref";
import type { SchemaEdge, SchemaGraph, SchemaNode } from "../../model/index-types";
import { questionDirections, roleAwareCost } from "./join-roles";

const node = (table: string, column: string, isPrimaryKey = false): SchemaNode => ({
  id: columnKey(table, column),
  table,
  column,
  name: column,
  type: "text",
  isPrimaryKey,
  primaryKeyOrigin: isPrimaryKey ? "declared" : null,
});
const fk = (from: [string, string], to: [string, string]): SchemaEdge => ({
  id: `fk:${from.join(".")}`,
  source: columnKey(...from),
  target: columnKey(...to),
  kind: "foreign_key",
  label: "",
  weight: 1,
  origin: "declared",
});

// A table joined twice to another: routes (origin, destination) to places, orders (bill to, ship to)
// to addresses, and a table named for its rows (friend) whose second key repeats that name.
const graph: SchemaGraph = {
  nodes: [
    node("places", "code", true),
    node("routes", "origin"),
    node("routes", "destination"),
    node("addresses", "address_id", true),
    node("orders", "bill_to_address_id"),
    node("orders", "ship_to_address_id"),
    node("person", "id", true),
    node("friend", "student_id"),
    node("friend", "friend_id"),
  ],
  edges: [
    fk(["routes", "origin"], ["places", "code"]),
    fk(["routes", "destination"], ["places", "code"]),
    fk(["orders", "bill_to_address_id"], ["addresses", "address_id"]),
    fk(["orders", "ship_to_address_id"], ["addresses", "address_id"]),
    fk(["friend", "student_id"], ["person", "id"]),
    fk(["friend", "friend_id"], ["person", "id"]),
  ],
};
const base = () => 1;
const joinedOn = (question: string, tables: string[]) =>
  joinTree(graph, tables, roleAwareCost(graph, question, base))!.edges.map((e) => e.source);

describe("roleAwareCost", () => {
  it("joins on the key whose role the question names by a direction", () => {
    expect(joinedOn("How many routes arrive in Oslo?", ["routes", "places"])).toEqual(["routes.destination"]);
    expect(joinedOn("How many routes leave from Oslo?", ["routes", "places"])).toEqual(["routes.origin"]);
    expect(joinedOn("Which places have the most departing routes?", ["routes", "places"])).toEqual(["routes.origin"]);
  });

  it("joins on the key whose own words the question uses", () => {
    expect(joinedOn("How many orders were shipped to Paris?", ["orders", "addresses"])).toEqual([
      "orders.ship_to_address_id",
    ]);
    expect(joinedOn("How many orders were billed to Paris?", ["orders", "addresses"])).toEqual([
      "orders.bill_to_address_id",
    ]);
  });

  it("leaves the cost alone when the question names no role, or only the table's own name", () => {
    const plain = roleAwareCost(graph, "How many orders are there?", base);
    expect(plain).toBe(base);
    expect(roleAwareCost(graph, "Count the friends Kyle has.", base)).toBe(base);
  });
});

describe("questionDirections", () => {
  it("reads from/to before a name, and verbs of leaving or arriving", () => {
    expect([...questionDirections("To how many airports can you fly from Denver?")]).toEqual(["from"]);
    expect([...questionDirections("Flights from SEA to ORD")].sort()).toEqual(["from", "to"]);
    expect([...questionDirections("How many flights departed?")]).toEqual(["from"]);
    expect([...questionDirections("How many arrivals were late?")]).toEqual(["to"]);
  });
});
