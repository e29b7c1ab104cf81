import { describe, expect, it } from "vitest";
import { displaySql } from "./displaySql";

describe("displaySql", () => {
  it("drops the attached-schema qualifier from table names", () => {
    expect(displaySql('SELECT T1."Maker" FROM "src1"."car_makers" AS T1 JOIN "src12"."model_list" AS T2')).toBe(
      'SELECT T1."Maker" FROM "car_makers" AS T1 JOIN "model_list" AS T2',
    );
    expect(displaySql("SELECT * FROM src2.orders")).toBe("SELECT * FROM orders");
  });

  it("keeps string literals and names that only contain src as written", () => {
    const sql = `SELECT "mysrc1"."a", x FROM "src1"."t" WHERE name = 'see "src1"."t" and it''s src1.x'`;
    expect(displaySql(sql)).toBe(`SELECT "mysrc1"."a", x FROM "t" WHERE name = 'see "src1"."t" and it''s src1.x'`);
    expect(displaySql('SELECT "src1" FROM t')).toBe('SELECT "src1" FROM t');
  });
});
