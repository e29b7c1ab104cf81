import Database from "libsql";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transpileSql } from "@/lib/core/retrieval/sql/dialect";
import { isoDateExpr } from "@/lib/core/retrieval/sql/date-expr";
import { datePartExpr } from "@/lib/core/retrieval/sql/date-part";
import { numericCast, predicateSql } from "@/lib/core/retrieval/sql/predicate";
import { joinedSql } from "@/lib/core/reasoner/render/negation-sql";
import { postgresBinDir, startTestPostgres, type TestPostgres } from "@/lib/server/testing/postgres-server";

// The same table in both engines, typed as each stores it: the SQLite statements the reasoner
// builds and their PostgreSQL transpilations must give the same rows.
const COLUMNS = ["id", "first", "last", "city", "born", "joined", "salary", "team_id"];
const PG_TYPES = ["bigint", "text", "text", "text", "text", "text", "text", "bigint"];
const SQLITE_TYPES = ["INTEGER PRIMARY KEY", "TEXT", "TEXT", "TEXT", "TEXT", "TEXT", "TEXT", "INTEGER"];
const ROWS: Array<Array<string | number | null>> = [
  [1, "Alice", "Moreno", "Oslo", "1990-01-31", "12/25/2019", "1,200", 1],
  [2, "bob", null, "Oslo", "1985-06-15 08:30:00", "1/2/2020", "950", 1],
  [3, "Carla", "Diaz", "Lima", "2000-02-29", "7/4/2021", "n/a", 2],
  [4, "Dan", "Ek", "Lima", "not a date", "", "2,500.5", null],
  [5, "Eve", "Ng", "Pune", null, "3/31/2022", "700", 3],
];

const available = postgresBinDir() !== null;
let server: TestPostgres;
let client: pg.Client;
const sqlite = new Database(":memory:");

beforeAll(async () => {
  if (!available) return;
  server = await startTestPostgres();
  await server.query("CREATE DATABASE engines");
  const cols = (types: string[]) => COLUMNS.map((c, i) => `"${c}" ${types[i]}`).join(", ");
  await server.query(`CREATE TABLE people (${cols(PG_TYPES)})`, [], "engines");
  sqlite.exec(`CREATE TABLE people (${cols(SQLITE_TYPES)})`);
  const marks = (f: (i: number) => string) => COLUMNS.map((_, i) => f(i)).join(", ");
  for (const row of ROWS) {
    await server.query(`INSERT INTO people VALUES (${marks((i) => `$${i + 1}`)})`, row, "engines");
    sqlite.prepare(`INSERT INTO people VALUES (${marks(() => "?")})`).run(row);
  }
  client = new pg.Client({ connectionString: server.url({ database: "engines" }) });
  await client.connect();
}, 60_000);

afterAll(async () => {
  sqlite.close();
  await client?.end();
  await server?.stop();
});

/** A cell as both engines mean it: PostgreSQL's bigint and numeric text as numbers, booleans as 0/1. */
const cell = (v: unknown) =>
  typeof v === "boolean" ? Number(v) : typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;

async function bothEngines(sql: string, params: unknown[] = []) {
  const lite = (sqlite.prepare(sql).raw(true).all(params) as unknown[][]).map((r) => r.map(cell));
  const text = transpileSql(sql, "sqlite", "postgres");
  const out = await client.query({ text, values: params, rowMode: "array" });
  return { lite, pg: (out.rows as unknown[][]).map((r) => r.map(cell)) };
}

describe.skipIf(!available)("SQLite statements and their PostgreSQL transpilation give the same rows", () => {
  it("TRIM on an integer column", async () => {
    const { lite, pg } = await bothEngines(
      `SELECT T1."team_id", COUNT(*) FROM people AS T1 WHERE T1."team_id" IS NOT NULL ` +
        `AND TRIM(T1."team_id") <> '' GROUP BY T1."team_id" ORDER BY T1."team_id"`,
    );
    expect(pg).toEqual(lite);
    expect(lite).toEqual([
      [1, 2],
      [2, 1],
      [3, 1],
    ]);
  });

  it("date parts of ISO text, NULL where the text is not a date", async () => {
    const parts = (["year", "quarter", "month", "day", "weekday", "hour", "month-day", "month-end"] as const).map((p) =>
      datePartExpr(`T1."born"`, p),
    );
    const { lite, pg } = await bothEngines(`SELECT ${parts.join(", ")} FROM people AS T1 ORDER BY T1."id"`);
    expect(pg).toEqual(lite);
    expect(lite[0]).toEqual([1990, 1, 1, 31, 3, 0, 131, 1]);
  });

  it("dates written m/d/y read as ISO dates", async () => {
    const { lite, pg } = await bothEngines(
      `SELECT ${isoDateExpr(`T1."joined"`, "m/d/y")} FROM people AS T1 ORDER BY T1."id"`,
    );
    expect(pg).toEqual(lite);
    expect(lite[0]).toEqual(["2019-12-25"]);
  });

  it("GROUP BY: a column beside MAX, one outside the groups, DISTINCT ordered by another column", async () => {
    for (const sql of [
      `SELECT MAX(T1."id"), T1."first" FROM people AS T1`,
      `SELECT T1."id", T1."first", COUNT(*) FROM people AS T1 GROUP BY T1."id" ORDER BY T1."id"`,
      `SELECT DISTINCT T1."city" FROM people AS T1 ORDER BY T1."id"`,
      `SELECT DISTINCT T1."city" FROM people AS T1 GROUP BY T1."city" ORDER BY COUNT(*) DESC, T1."city"`,
    ]) {
      const { lite, pg } = await bothEngines(sql);
      expect(pg, sql).toEqual(lite);
    }
  });

  it("string concatenation of a name kept as first + last", async () => {
    const name = joinedSql([`T1."first"`, `T1."last"`])!;
    const { lite, pg } = await bothEngines(`SELECT ${name} FROM people AS T1 ORDER BY T1."id"`);
    expect(pg).toEqual(lite);
    expect(lite.slice(0, 2)).toEqual([["Alice Moreno"], ["bob"]]);
  });

  it("case-insensitive comparison: equality and LIKE", async () => {
    for (const p of [
      { op: "=", values: ["ALICE"] },
      { op: "contains", values: ["O"] },
      { op: "starts-with", values: ["c"] },
    ] as const) {
      const where = predicateSql("T1", "first", { ...p, values: [...p.values] }, false);
      const { lite, pg } = await bothEngines(`SELECT T1."id" FROM people AS T1 WHERE ${where} ORDER BY T1."id"`);
      expect(pg, where).toEqual(lite);
      expect(lite.length).toBeGreaterThan(0);
    }
  });

  it("text numbers: cast with separators dropped, or summed as they are where they hold numbers", async () => {
    const cast = await bothEngines(`SELECT SUM(${numericCast(`T1."salary"`)}) FROM people AS T1`);
    expect(cast.pg).toEqual(cast.lite);
    expect(cast.lite).toEqual([[5350.5]]);
    const plain = await bothEngines(`SELECT SUM(T1."salary") FROM people AS T1 WHERE T1."team_id" >= 2`);
    expect(plain.pg).toEqual(plain.lite);
  });

  it("row ids bound as one JSON parameter", async () => {
    const { lite, pg } = await bothEngines(
      `SELECT rowid, "first" FROM people WHERE rowid IN (SELECT value FROM json_each(?)) ORDER BY rowid`,
      [JSON.stringify([2, 4])],
    );
    expect(pg).toEqual(lite);
    expect(lite).toEqual([
      [2, "bob"],
      [4, "Dan"],
    ]);
  });
});
