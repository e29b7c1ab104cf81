import { describe, expect, it } from "vitest";
import { constraintWords } from "./constraint-words";

describe("constraints in words", () => {
  it("says each kind of constraint as a sentence", () => {
    expect(
      constraintWords({
        includeColumns: ["Invoice.total"],
        excludeColumns: ["Customer.fax", "Customer.phone"],
        excludeEdges: ["discovered:Invoice.customer_id->Employee.employee_id"],
        conditions: [{ column: "Customer.country", value: "USA" }],
      }),
    ).toEqual([
      "Must use Invoice.total",
      "Must not use Customer.fax, Customer.phone",
      "Must not join on Invoice.customer_id → Employee.employee_id (discovered)",
      "Only rows where Customer.country = “USA”",
    ]);
    expect(constraintWords({})).toEqual([]);
  });
});
