import { describe, expect, it } from "vitest";
import { columnLabel, sqlInUserNames, type NameBook } from "./user-names";

const book: NameBook = {
  tables: [
    {
      name: "Invoice",
      sqlName: "invoice",
      schemaName: "main",
      columns: [
        { sqlName: "invoice_id", name: "InvoiceId" },
        { sqlName: "billing_postal_code", name: "BillingPostalCode" },
        { sqlName: "total", name: "Total" },
      ],
    },
    {
      name: "sales 2024",
      sqlName: "sales_2024",
      schemaName: "main",
      columns: [
        { sqlName: "unit_price", name: "Unit Price" },
        { sqlName: "total", name: "TOTAL" },
      ],
    },
    { name: "singer", sqlName: "singer", schemaName: "src1", columns: [{ sqlName: "Name", name: "Name" }] },
  ],
};

describe("SQL in the file's own names", () => {
  it("names tables and aliased columns as the file wrote them, spaces included", () => {
    const sql =
      'SELECT T1."billing_postal_code", T2."unit_price" FROM "main"."invoice" AS T1 JOIN "main"."sales_2024" AS T2 ' +
      'ON T1."total" = T2."total" WHERE T1."billing_postal_code" = \'billing_postal_code\' LIMIT 5';
    const out = sqlInUserNames(sql, book);
    expect(out.sql).toBe(
      'SELECT T1."BillingPostalCode", T2."Unit Price" FROM "Invoice" AS T1 JOIN "sales 2024" AS T2 ' +
        'ON T1."Total" = T2."TOTAL" WHERE T1."BillingPostalCode" = \'billing_postal_code\' LIMIT 5',
    );
    expect(out.changed).toBe(true);
  });

  it("renames an unqualified column only when one meaning is possible", () => {
    expect(sqlInUserNames('SELECT "unit_price", "total" FROM "main"."sales_2024"', book).sql).toBe(
      'SELECT "Unit Price", "total" FROM "sales 2024"',
    );
  });

  it("drops an attach schema and says nothing changed when names are the same", () => {
    const out = sqlInUserNames('SELECT "Name" FROM "src1"."singer"', book);
    expect(out).toEqual({ sql: 'SELECT "Name" FROM "singer"', changed: false });
    expect(sqlInUserNames("SELECT 1", book)).toEqual({ sql: "SELECT 1", changed: false });
  });

  it("labels a column node with its header", () => {
    expect(columnLabel(book, "Invoice.billing_postal_code")).toBe("Invoice.BillingPostalCode");
  });
});
