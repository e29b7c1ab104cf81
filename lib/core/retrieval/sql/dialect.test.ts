import { describe, expect, it } from "vitest";
import { isoDateExpr } from "./date-expr";
import { datePartExpr } from "./date-part";
import { engineSqlOf, TranspileError, transpileSql } from "./dialect";
import { numericCast, predicateSql } from "./predicate";

const pg = (sql: string) => transpileSql(sql, "sqlite", "postgres");

describe("transpileSql", () => {
  it("leaves SQL in its own dialect as it is", () => {
    expect(transpileSql("SELECT rowid FROM t WHERE a LIKE 'x'", "sqlite", "sqlite")).toBe(
      "SELECT rowid FROM t WHERE a LIKE 'x'",
    );
  });

  it("fails with a typed error on SQL it cannot read, and on SQLite with no PostgreSQL form", () => {
    expect(() => pg("SELEC nothing")).toThrow(TranspileError);
    expect(() => pg("SELECT strftime('%s', d) FROM t")).toThrowError(/%s has no PostgreSQL pattern/);
    const err = (() => {
      try {
        pg("SELECT date(d, 'weekday 0') FROM t");
      } catch (e) {
        return e as TranspileError;
      }
    })();
    expect(err?.reason).toBe("unsupported");
    // For showing, a statement that cannot be written stays as it is.
    expect(engineSqlOf("SELEC nothing", "postgres")).toBe("SELEC nothing");
  });

  it("turns rowid into the row's ctid, keeping the table alias", () => {
    const out = pg(`SELECT T1.rowid FROM "t" AS T1 ORDER BY rowid`);
    expect(out).toContain(`split_part(btrim(CAST("T1".ctid AS TEXT), '()'), ',', 1)`);
    expect(out).toMatch(/ORDER BY \(CAST\(split_part\(btrim\(CAST\(ctid AS TEXT\)/);
  });

  it("numbers bound parameters in reading order, set operations included", () => {
    expect(pg("SELECT a FROM t WHERE x = ? UNION SELECT b FROM u WHERE y = ?")).toBe(
      `SELECT "a" FROM "t" WHERE "x" = $1 UNION SELECT "b" FROM "u" WHERE "y" = $2`,
    );
    // In LIMIT and OFFSET too; a question mark in a string, a quoted name or a comment is no parameter.
    expect(pg(`SELECT "a?" FROM t WHERE b = 'why?' AND c = ? -- or ?\nLIMIT ? OFFSET ?`)).toBe(
      `SELECT "a?" FROM "t" WHERE "b" = 'why?' AND "c" = $1 LIMIT $2 OFFSET $3`,
    );
  });
});

describe("TRIM and other text functions on PostgreSQL", () => {
  it("reads a non-text argument as text (trim(bigint) does not exist there)", () => {
    expect(pg(`SELECT 1 FROM t AS T1 WHERE TRIM(T1."id") <> ''`)).toContain(`trim(CAST("T1"."id" AS TEXT)) <> ''`);
    expect(pg(`SELECT upper(substr(T1."n", 1, 3)) FROM t AS T1`)).toBe(
      `SELECT upper(substr(CAST("T1"."n" AS TEXT), 1, 3)) FROM "t" AS "T1"`,
    );
  });

  it("counts a negative substr start from the end, as SQLite does", () => {
    expect(pg(`SELECT substr(d, -4) FROM t`)).toBe(
      `SELECT substr(CAST("d" AS TEXT), length(CAST("d" AS TEXT)) + -3) FROM "t"`,
    );
  });
});

describe("case-insensitive comparison on PostgreSQL", () => {
  it("compares lower-cased text for COLLATE NOCASE and uses ILIKE for LIKE", () => {
    const eq = predicateSql("T1", "name", { op: "=", values: ["It's LIKE rowid?"] }, false);
    expect(pg(`SELECT 1 FROM t AS T1 WHERE ${eq}`)).toContain(
      `lower(CAST("T1"."name" AS TEXT)) = lower('It''s LIKE rowid?')`,
    );
    const like = predicateSql("T1", "name", { op: "contains", values: ["a_b"] }, false);
    expect(pg(`SELECT 1 FROM t AS T1 WHERE ${like}`)).toContain(`CAST("T1"."name" AS TEXT) ILIKE '%a!_b%' ESCAPE '!'`);
    expect(pg(`SELECT a FROM t ORDER BY a COLLATE NOCASE`)).not.toContain("NOCASE");
  });
});

describe("dates on PostgreSQL", () => {
  it("reads strftime's parts through to_char, NULL where the text is not a date", () => {
    const out = pg(`SELECT ${datePartExpr(`T1."d"`, "year")} FROM t AS T1`);
    expect(out).toContain(`CASE WHEN CAST("T1"."d" AS TEXT) ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}'`);
    expect(out).toContain(`to_char(CAST(CAST("T1"."d" AS TEXT) AS TIMESTAMP), 'YYYY')`);
    expect(pg(`SELECT ${datePartExpr("d", "weekday")} FROM t`)).toContain("EXTRACT(DOW FROM");
    expect(pg(`SELECT ${datePartExpr("d", "month-end")} FROM t`)).toContain(
      `+ CAST('1 day' AS INTERVAL), 'YYYY-MM-DD')`,
    );
    expect(pg(`SELECT strftime('%Y', 'now') FROM t`)).toBe(`SELECT to_char(CURRENT_TIMESTAMP, 'YYYY') FROM "t"`);
  });

  it("builds an ISO date from another format with concat and lpad instead of printf", () => {
    const out = pg(`SELECT ${isoDateExpr("d", "m/d/y")} FROM t`);
    expect(out).toMatch(/^SELECT concat\(substr\(CAST\("d" AS TEXT\), length/);
    expect(out).toContain("lpad(CAST(coalesce(CAST(trunc(");
    expect(out).not.toMatch(/printf|instr/);
  });
});

describe("GROUP BY on PostgreSQL", () => {
  it("reads a column beside MIN or MAX without GROUP BY from the row MIN or MAX picked", () => {
    expect(pg(`SELECT MIN(T1."v"), T1."code" FROM "t" AS T1 LIMIT 10`)).toBe(
      `SELECT MIN("T1"."v"), (ARRAY_AGG("T1"."code" ORDER BY "T1"."v" ASC NULLS LAST))[1] FROM "t" AS "T1" LIMIT 10`,
    );
  });

  it("reads a column outside GROUP BY, selected or ordered by, as the group's least value", () => {
    expect(pg(`SELECT T1."a", T1."b", COUNT(*) FROM t AS T1 GROUP BY T1."a" ORDER BY T1."c"`)).toBe(
      `SELECT "T1"."a", MIN("T1"."b"), COUNT(*) FROM "t" AS "T1" GROUP BY "T1"."a" ORDER BY MIN("T1"."c") ASC`,
    );
    const grouped = `SELECT "T1"."a", COUNT(*) AS "n" FROM "t" AS "T1" GROUP BY "T1"."a" ORDER BY "n" DESC`;
    expect(pg(grouped)).toBe(grouped);
    // A window function keeps its rows: the column beside it stays as it is.
    const windowed = pg(`SELECT a, SUM(b) OVER (PARTITION BY a) FROM t`);
    expect(windowed).toMatch(/^SELECT "a", SUM\(/);
    expect(windowed).toContain(`OVER (PARTITION BY "a"`);
  });

  it("groups DISTINCT rows ordered by a column not selected, and drops DISTINCT over groups", () => {
    expect(pg(`SELECT DISTINCT T1."n" FROM t AS T1 ORDER BY T1."id"`)).toBe(
      `SELECT "T1"."n" FROM "t" AS "T1" GROUP BY "T1"."n" ORDER BY MIN("T1"."id") ASC`,
    );
    expect(pg(`SELECT DISTINCT T1."n" FROM t AS T1 ORDER BY T1."n"`)).toBe(
      `SELECT DISTINCT "T1"."n" FROM "t" AS "T1" ORDER BY "T1"."n" ASC`,
    );
    expect(pg(`SELECT DISTINCT a FROM t GROUP BY a ORDER BY COUNT(*) DESC`)).toBe(
      `SELECT "a" FROM "t" GROUP BY "a" ORDER BY COUNT(*) DESC`,
    );
  });
});

describe("numbers and strings on PostgreSQL", () => {
  it("casts text to numbers without failing on text, and sums a plain column as numbers", () => {
    const out = pg(`SELECT ${numericCast(`T1."x"`)}, SUM(T1."s"), AVG(x + 1) FROM t AS T1`);
    expect(out).toContain("chr(160)");
    expect(out).toContain("AS DOUBLE PRECISION) END");
    expect(out).toContain(`SUM(CASE WHEN CAST("T1"."s" AS TEXT) ~ '`);
    expect(out).toContain(`AVG("x" + 1)`);
  });

  it("quotes an integer compared with a column, so the column's own type reads it", () => {
    expect(pg(`SELECT 1 FROM t AS T1 WHERE T1."Age" = 32 AND T1."w" > 1.5`)).toContain(
      `"T1"."Age" = '32' AND "T1"."w" > 1.5`,
    );
  });

  it("keeps string concatenation and maps group_concat, ifnull and round", () => {
    expect(pg(`SELECT TRIM(COALESCE(a, '') || ' ' || COALESCE(b, '')) FROM t`)).toBe(
      `SELECT trim(COALESCE("a", '') || ' ' || COALESCE("b", '')) FROM "t"`,
    );
    expect(pg(`SELECT group_concat(n, '; '), ifnull(a, 0), round(avg(x), 2) FROM t`)).toContain(
      `string_agg(CAST("n" AS TEXT), '; '), coalesce("a", 0), round(CAST(AVG(`,
    );
  });

  it("reads a JSON list of ids bound as one parameter as PostgreSQL's set of its elements", () => {
    expect(pg(`SELECT a FROM t WHERE b IN (SELECT value FROM json_each(?))`)).toContain(
      `IN (SELECT CAST("value" AS BIGINT) FROM json_array_elements_text(CAST($1 AS JSON)) AS "value")`,
    );
  });
});
