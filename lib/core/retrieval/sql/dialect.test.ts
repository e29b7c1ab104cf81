import { describe, expect, it } from "vitest";
import { numericCast, predicateSql } from "./predicate";
import { postgresRowId, renderForDialect } from "./dialect";

const pg = (sql: string) => renderForDialect(sql, "postgres");

describe("renderForDialect", () => {
  it("leaves SQLite SQL as it is", () => {
    expect(renderForDialect("SELECT rowid FROM t WHERE a LIKE 'x'")).toBe("SELECT rowid FROM t WHERE a LIKE 'x'");
  });

  it("turns rowid into the row's ctid, keeping the table alias, but not a quoted column named rowid", () => {
    const out = pg(`SELECT T1.rowid, "rowid" FROM "t" AS T1 ORDER BY rowid`);
    expect(out).toBe(`SELECT ${postgresRowId("T1.")}, "rowid" FROM "t" AS T1 ORDER BY ${postgresRowId()}`);
  });

  it("renders case-insensitive equality and LIKE, never touching string literals", () => {
    const eq = predicateSql("T1", "name", { op: "=", values: ["It's LIKE rowid?"] }, false);
    expect(pg(eq)).toBe(`lower(CAST(T1."name" AS TEXT)) = lower('It''s LIKE rowid?')`);
    const like = predicateSql("T1", "name", { op: "contains", values: ["ab"] }, false);
    expect(pg(like)).toBe(`(T1."name" ILIKE '%ab%' ESCAPE '!')`);
  });

  it("numbers bound parameters and casts text to numbers without failing on text", () => {
    const out = pg(`SELECT ${numericCast(`T1."x"`)} FROM t WHERE a = ? AND b = ?`);
    expect(out).toContain("AS DOUBLE PRECISION) END)");
    expect(out).toContain("chr(160)");
    expect(out).toMatch(/a = \$1 AND b = \$2$/);
  });

  it("rewrites SQLite-only functions, nested calls included", () => {
    expect(pg(`SELECT group_concat(rowid), round(avg(x), 2) FROM t`)).toBe(
      `SELECT string_agg(CAST(${postgresRowId()} AS TEXT), ','), round(CAST(avg(x) AS NUMERIC), 2) FROM t`,
    );
  });

  it("is idempotent, so a statement rendered for the trace runs unchanged", () => {
    const sql = `SELECT T1.rowid FROM t AS T1 WHERE ${predicateSql("T1", "n", { op: "=", values: ["a"] }, false)}`;
    expect(pg(pg(sql))).toBe(pg(sql));
  });
});

describe("comparisons with integers on PostgreSQL", () => {
  it("quotes the integer, so the column's own type reads it (as SQLite's affinity does)", () => {
    expect(pg(`SELECT COUNT(*) FROM t AS T1 WHERE T1."Age" = 32 OR T1."Age" >= -3 AND T1."w" > 1.5 LIMIT 10`)).toBe(
      `SELECT COUNT(*) FROM t AS T1 WHERE T1."Age" = '32' OR T1."Age" >= '-3' AND T1."w" > 1.5 LIMIT 10`,
    );
  });
});

describe("sums on PostgreSQL", () => {
  it("reads a summed column as numbers, so a text column of numbers sums as in SQLite", () => {
    const out = pg(`SELECT SUM(T1."Sales"), AVG(x + 1), SUM(DISTINCT T1."n") FROM t AS T1`);
    expect(out).toContain(`SUM(CASE WHEN CAST(T1."Sales" AS TEXT) ~ '`);
    expect(out).toContain(`THEN CAST(CAST(T1."Sales" AS TEXT) AS DOUBLE PRECISION) END)`);
    expect(out).toContain("AVG(x + 1)");
    expect(out).toContain(`SUM(DISTINCT T1."n")`);
  });
});

describe("DISTINCT over groups on PostgreSQL", () => {
  it("drops DISTINCT when GROUP BY already makes the rows groups and ORDER BY sorts by an aggregate", () => {
    const sql = `SELECT DISTINCT T1."a" FROM t AS T1 GROUP BY T1."a" ORDER BY COUNT(*) DESC LIMIT 1`;
    expect(pg(sql)).toBe(
      `SELECT T1."a" FROM t AS T1 GROUP BY T1."a" ORDER BY COUNT(*) DESC LIMIT '1'`.replace("'1'", "1"),
    );
    expect(pg(`SELECT DISTINCT T1."a" FROM t AS T1`)).toBe(`SELECT DISTINCT T1."a" FROM t AS T1`);
  });
});

describe("a column beside an aggregate without GROUP BY on PostgreSQL", () => {
  it("reads it from the row MIN or MAX picked, as SQLite does", () => {
    expect(pg(`SELECT MIN(T1."v"), T1."code" FROM "t" AS T1 LIMIT 10`)).toBe(
      `SELECT MIN(T1."v"), (array_agg(T1."code" ORDER BY T1."v" ASC NULLS LAST))[1] FROM "t" AS T1 LIMIT 10`,
    );
  });

  it("leaves grouped statements and plain selections alone", () => {
    const grouped = `SELECT T1."a", COUNT(*) FROM t AS T1 GROUP BY T1."a"`;
    expect(pg(grouped)).toBe(grouped);
    expect(pg(`SELECT T1."a" FROM t AS T1`)).toBe(`SELECT T1."a" FROM t AS T1`);
  });
});
