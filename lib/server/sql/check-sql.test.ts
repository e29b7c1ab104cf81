import { describe, expect, it } from "vitest";
import { checkSql, SqlRefusedError, type SqlRefusalReason } from "./index";

const tables = [
  { schema: "main", name: "schools" },
  { schema: "main", name: "districts" },
  { schema: "src1", name: "orders" },
];

function refusal(sql: string, withTables = true): SqlRefusalReason | "accepted" {
  try {
    checkSql(sql, withTables ? { tables } : {});
    return "accepted";
  } catch (err) {
    expect(err).toBeInstanceOf(SqlRefusedError);
    expect((err as SqlRefusedError).code).toBe("sql_refused");
    expect((err as Error).message.length).toBeGreaterThan(10);
    return (err as SqlRefusedError).reason;
  }
}

describe("checkSql accepts one read-only SELECT", () => {
  it.each([
    `SELECT count(*) FROM "schools" AS s JOIN districts d ON s.district_id = d.district_id WHERE s.funding = ` +
      `'Directly funded'`,
    "SELECT name, upper(city), substr(phone, 1, 5) FROM schools WHERE opened >= date('2000-01-01') " +
      "ORDER BY name LIMIT 10;",
    "WITH top AS (SELECT district_id, count(*) AS n FROM schools GROUP BY district_id) SELECT max(n) FROM top",
    "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 10) SELECT sum(n) FROM c",
    "SELECT name, row_number() OVER (PARTITION BY city ORDER BY name) FROM schools",
    "SELECT * FROM src1.orders",
    "SELECT a.value FROM json_each('[1,2]') AS a",
    "SELECT name FROM schools WHERE name LIKE '%high%' AND district_id IN (SELECT district_id FROM districts)",
    "SELECT 1 -- a comment ; DROP TABLE schools",
    "SELECT 'x; DROP TABLE schools' AS s",
    "SELECT 'it''s' FROM schools",
  ])("%s", (sql) => {
    expect(refusal(sql)).toBe("accepted");
  });

  it("reports the functions and tables it saw", () => {
    const checked = checkSql("SELECT upper(name), count(*) FROM schools JOIN src1.orders ON 1", { tables });
    expect(checked.functions.sort()).toEqual(["count", "upper"]);
    expect(checked.tables.sort()).toEqual(["schools", "src1.orders"]);
  });
});

describe("checkSql refuses", () => {
  it.each<[string, SqlRefusalReason]>([
    ["", "empty"],
    ["   ", "empty"],
    ["INSERT INTO schools (name) VALUES ('x')", "forbidden_keyword"],
    ["UPDATE schools SET name = 'x'", "forbidden_keyword"],
    ["DELETE FROM schools", "forbidden_keyword"],
    ["DROP TABLE schools", "forbidden_keyword"],
    ["CREATE TABLE x (a)", "forbidden_keyword"],
    ["REPLACE INTO schools (name) VALUES ('x')", "not_select"],
    ["ATTACH DATABASE '/tmp/evil.db' AS evil", "forbidden_keyword"],
    ["DETACH DATABASE src1", "forbidden_keyword"],
    ["PRAGMA writable_schema = 1", "forbidden_keyword"],
    ["PRAGMA query_only = 0", "forbidden_keyword"],
    ["VACUUM INTO '/tmp/copy.db'", "forbidden_keyword"],
    ["SELECT load_extension('/tmp/evil.so')", "forbidden_function"],
    ["SELECT readfile('/etc/passwd')", "forbidden_function"],
    ["SELECT writefile('/tmp/x', 'data')", "forbidden_function"],
    ["SELECT * FROM fsdir('/')", "forbidden_function"],
    ["SELECT * FROM pragma_table_info('schools')", "forbidden_function"],
    ["SELECT zeroblob(1000000000)", "forbidden_function"],
    ["SELECT randomblob(10)", "forbidden_function"],
    ["SELECT 1; SELECT 2", "multiple_statements"],
    ["SELECT 1; ATTACH 'x' AS y", "multiple_statements"],
    ["SELECT * FROM schools; -- fine\nSELECT 2", "multiple_statements"],
    ["SELECT * FROM sqlite_master", "forbidden_table"],
    ["SELECT * FROM sqlite_schema", "forbidden_table"],
    ["SELECT * FROM secrets", "forbidden_table"],
    ["SELECT * FROM src2.orders", "forbidden_table"],
    ["SELECT * FROM temp.x", "forbidden_table"],
    ["WITH x AS (SELECT 1) DELETE FROM schools", "forbidden_keyword"],
    ["SELECT FROM WHERE", "parse_error"],
    ["SELECT 1 EXCEPT SELECT 2", "parse_error"],
  ])("%s → %s", (sql, reason) => {
    expect(refusal(sql)).toBe(reason);
  });

  it("refuses text longer than the limit", () => {
    expect(() => checkSql(`SELECT '${"x".repeat(30_000)}'`)).toThrow(/limit/);
  });

  it("without a table list still refuses SQLite's own tables", () => {
    expect(refusal("SELECT * FROM anything", false)).toBe("accepted");
    expect(refusal("SELECT * FROM sqlite_master", false)).toBe("forbidden_table");
  });
});
