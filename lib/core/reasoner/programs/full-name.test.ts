import { describe, expect, it } from "vitest";
import type { AnswerInput } from "../answer/input";
import { shopColumn, shopInput } from "../testing/shop-input";
import { nameParts } from "./full-name";

/** The shop's customers with a contact person's first and last name beside the customer's own name. */
function withContact(label: string[] | null): AnswerInput {
  const input = shopInput("Which customer ordered the most?");
  const name = shopColumn(input, "customers", "name");
  const part = (column: string) => ({ ...name, column, name: column, words: column.split("_"), role: "text" as const });
  const columns = [...input.columns, part("contact_first_name"), part("contact_last_name")];
  const entities = label
    ? [
        {
          table: "customers",
          kind: "entity" as const,
          singular: "customer",
          plural: "customers",
          label: { columns: label, separator: " " },
        },
      ]
    : [];
  return { ...input, columns, entities } as AnswerInput;
}

describe("a name kept over several columns", () => {
  it("follows the semantic model's label: a customer named by one column is not its contact's name", () => {
    expect(nameParts("customers", withContact(["name"]))).toBeNull();
    const parts = nameParts("customers", withContact(["contact_first_name", "contact_last_name"]));
    expect(parts?.map((c) => c.column)).toEqual(["contact_first_name", "contact_last_name"]);
  });

  it("finds first and last name columns that share their other words when no model is given", () => {
    expect(nameParts("customers", withContact(null))?.map((c) => c.column)).toEqual([
      "contact_first_name",
      "contact_last_name",
    ]);
  });
});
