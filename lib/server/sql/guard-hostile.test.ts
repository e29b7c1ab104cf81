import fs from "node:fs";
import path from "node:path";
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SQL_RESULT_BYTES } from "@/lib/core/model/limits";
import { closeAppDb } from "@/lib/server/db/app-db";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { closeSqlPool, precheckSql, runGuardedSql, SqlRefusedError, type GuardTarget } from "./index";
import { analyzeSqlOffThread } from "./analyze";

// Issue 35's statements that held the server (a parse that backtracks for minutes, a 6,000-term
// expression, a 100 MB result) and the SQLite syntax the guard refused although it lists it
// (window functions, VALUES), plus issue 36's read-only PRAGMAs, through the real guard and pool.
const dataDir = useTempDataDir();
let target: GuardTarget;

beforeAll(() => {
  const file = path.join(dataDir, "shop.sqlite");
  const db = new Database(file);
  db.exec(
    "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, amount REAL); " +
      "INSERT INTO orders VALUES (1, 'Ada', 10), (2, 'Ada', 30), (3, 'Bo', 20); " +
      "CREATE TABLE secrets (v TEXT); INSERT INTO secrets VALUES ('hidden'); " +
      "CREATE INDEX orders_customer ON orders(customer);",
  );
  db.close();
  target = { files: { main: file, attachments: [] }, tables: [{ schema: "main", name: "orders" }] };
});

afterAll(async () => {
  await closeSqlPool();
  await closeAppDb();
});

/** How a statement ends: its rows, or the refusal's reason (the error's kind when not refused). */
async function outcome(sql: string): Promise<{ rows?: unknown[][]; refused?: string; failed?: string; ms: number }> {
  const start = performance.now();
  try {
    const r = await runGuardedSql(target, sql);
    return { rows: r.rows, ms: performance.now() - start };
  } catch (err) {
    const ms = performance.now() - start;
    if (err instanceof SqlRefusedError) return { refused: err.reason, ms };
    return { failed: (err as { kind?: string }).kind ?? String(err), ms };
  }
}

const nestedSelects = (depth: number, tail: string) => `SELECT ${"(SELECT ".repeat(depth)}${tail}`;

describe("statements that held the server end at once with a 400", () => {
  it.each([10, 13, 16])("%i unclosed nested SELECTs are refused by the pre-check", (depth) => {
    const started = performance.now();
    expect(() => precheckSql(nestedSelects(depth, "1"))).toThrow(/open/);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it("nested SELECTs closed around a syntax error are refused by SQLite, before the slow parser", async () => {
    const o = await outcome(`${nestedSelects(12, "1 +")}${")".repeat(12)}`);
    expect(o.failed).toBe("failed");
    expect(o.ms).toBeLessThan(3000);
  });

  it("a 6,000-term expression is refused by its token count; a 2,000-term one is SQLite's to refuse", async () => {
    expect((await outcome(`SELECT ${Array(6000).fill("1").join("+")}`)).refused).toBe("too_complex");
    const deep = await outcome(`SELECT ${Array(2000).fill("1").join("+")}`);
    expect(deep.failed ?? deep.rows).toBeDefined();
  });

  it("a gold query whose parse would backtrack for minutes is refused within its check budget", async () => {
    const started = performance.now();
    const balanced = `${nestedSelects(13, "1 +")}${")".repeat(13)}`;
    await expect(analyzeSqlOffThread(balanced, new Map([["orders", ["id"]]]))).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe("the guard allows what it lists", () => {
  it.each([
    [
      "SELECT customer, sum(amount) OVER (PARTITION BY customer ORDER BY id) FROM orders ORDER BY id",
      [
        ["Ada", 10],
        ["Ada", 40],
        ["Bo", 20],
      ],
    ],
    [
      "SELECT id, rank() OVER (ORDER BY amount DESC) FROM orders ORDER BY id",
      [
        [1, 3],
        [2, 1],
        [3, 2],
      ],
    ],
    [
      "SELECT id, count(*) OVER () FROM orders ORDER BY id",
      [
        [1, 3],
        [2, 3],
        [3, 3],
      ],
    ],
    [
      "SELECT id, sum(amount) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM orders",
      [
        [1, 10],
        [2, 40],
        [3, 50],
      ],
    ],
    [
      "SELECT id, avg(amount) OVER w FROM orders WINDOW w AS (PARTITION BY customer) ORDER BY id",
      [
        [1, 20],
        [2, 20],
        [3, 20],
      ],
    ],
    [
      "VALUES (1, 'a'), (2, 'b')",
      [
        [1, "a"],
        [2, "b"],
      ],
    ],
    ["SELECT * FROM (VALUES (1), (2)) AS v", [[1], [2]]],
    ["SELECT customer FROM orders EXCEPT SELECT 'Bo'", [["Ada"]]],
  ])("%s", async (sql, rows) => {
    expect((await outcome(sql)).rows).toEqual(rows);
  });

  it("and nothing it does not list, in the syntax only SQLite reads", async () => {
    expect((await outcome("SELECT v, count(*) OVER () FROM secrets")).refused).toBe("forbidden_table");
    expect((await outcome("SELECT name, count(*) OVER () FROM sqlite_master")).refused).toBe("forbidden_table");
    expect((await outcome("SELECT readfile('/etc/hostname'), count(*) OVER ()")).refused).toBe("forbidden_function");
    expect((await outcome("SELECT value, count(*) OVER () FROM json_each('[1]')")).refused).toBe("forbidden_table");
    expect((await outcome("VALUES (load_extension('x'))")).refused).toBe("forbidden_function");
    // Not on the keyword scan's list: the compiled program's function calls are what refuse them.
    expect((await outcome("SELECT sqlite_version(), count(*) OVER ()")).refused).toBe("forbidden_function");
    expect((await outcome("VALUES (randomblob(8))")).refused).toBe("forbidden_function");
    expect((await outcome("SELECT * FROM orders, (VALUES (1)) WHERE id IN (SELECT rowid FROM secrets)")).refused).toBe(
      "forbidden_table",
    );
  });
});

it("a valid statement whose parse overruns MAX_SQL_CHECK_MS is answered by its compiled program alone", async () => {
  const sql = `${nestedSelects(12, "1 FROM (VALUES (1))")}${")".repeat(12)}`;
  const o = await outcome(sql);
  expect(o.rows).toEqual([[1]]);
  expect(o.ms).toBeLessThan(8000);
}, 30_000);

describe("read-only PRAGMAs", () => {
  it("table_info, table_list, index_list and foreign_key_list of the dataset's tables run", async () => {
    expect((await outcome("PRAGMA table_info(orders)")).rows?.map((r) => r[1])).toEqual(["id", "customer", "amount"]);
    expect((await outcome("pragma main.table_info('orders');")).rows).toHaveLength(3);
    expect((await outcome("PRAGMA table_list")).rows?.map((r) => r[1])).toEqual(["orders"]);
    expect((await outcome("PRAGMA index_list(orders)")).rows?.map((r) => r[1])).toEqual(["orders_customer"]);
    expect((await outcome("PRAGMA foreign_key_list(orders)")).rows).toEqual([]);
  });

  it("one that sets something, reads another table or is not listed is refused", async () => {
    for (const sql of [
      "PRAGMA query_only = 0",
      "PRAGMA writable_schema = 1",
      "PRAGMA journal_mode",
      "PRAGMA table_info(orders); DELETE FROM orders",
      "PRAGMA database_list",
    ])
      expect((await outcome(sql)).refused, sql).toBe("forbidden_keyword");
    expect((await outcome("PRAGMA table_info(secrets)")).refused).toBe("forbidden_table");
    expect((await outcome("PRAGMA table_info(sqlite_master)")).refused).toBe("forbidden_table");
  });
});

describe("result size", () => {
  it("a 100 MB string comes back cut at MAX_SQL_RESULT_BYTES, with the cut said", async () => {
    const r = await runGuardedSql(target, "SELECT printf('%.*c', 100000000, 'x') AS big");
    expect(r.truncated).toBe(true);
    expect(r.stoppedBy).toBe("bytes");
    expect(Buffer.byteLength(String(r.rows[0][0]))).toBeLessThanOrEqual(MAX_SQL_RESULT_BYTES + 4);
  }, 30_000);

  it("the time reported is the statement's own, within its limit", async () => {
    const r = await runGuardedSql(target, "SELECT count(*) FROM orders");
    expect(r.ms).toBeLessThan(1000);
    await expect(
      runGuardedSql(target, "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT count(*) FROM c", {
        timeoutMs: 800,
      }),
    ).rejects.toMatchObject({ kind: "timeout" });
  });
});

it("leaves no temporary files behind", () => {
  expect(fs.readdirSync(dataDir).filter((f) => f.endsWith("-journal"))).toEqual([]);
});
