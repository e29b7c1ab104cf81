import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableMeta } from "@/lib/core/model/dataset";
import { closeAppDb } from "@/lib/server/db/app-db";
import { runGuardedQuery } from "@/lib/server/stores/dataset-query";
import { insertDataset } from "@/lib/server/stores/datasets";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { closeSqlPool, datasetFiles, runCheckedSql, SqlFailedError, SqlRefusedError, SqlTimeoutError } from "./index";

const dataDir = useTempDataDir();

// The runaway and the query beside it each need a process of this thread's own: two (SQL_WORKERS).
// The main thread's default is one (README), since questions run on worker threads of their own.
process.env.SQL_WORKERS = "2";
const BIG_ROWS = 1_000_000;

const table = (name: string, rowCount: number, columns: string[], isView = false): TableMeta => ({
  name,
  sqlName: name,
  schemaName: "main",
  source: "sqlite",
  sourceFile: "x.sqlite",
  isView,
  rowCount,
  foreignKeys: [],
  layout: null,
  notes: [],
  columns: columns.map((c, position) => ({
    name: c,
    sqlName: c,
    type: "integer",
    position,
    isPrimaryKey: false,
    nullable: true,
  })),
});

/** Writes a dataset's rows file with `setup` and records it in the app database. */
async function makeDataset(id: string, setup: string, tables: TableMeta[]): Promise<string> {
  const dir = path.join(dataDir, "datasets", id);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "rows.sqlite");
  const db = new Database(file);
  db.exec(setup);
  db.close();
  await insertDataset({
    id,
    name: id,
    sizeBytes: 0,
    storage: { main: "rows.sqlite", attachments: [] },
    tables,
    notes: [],
  });
  return file;
}

const hash = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
let bigFile = "";
let smallFile = "";

beforeAll(async () => {
  bigFile = await makeDataset(
    "big",
    `CREATE TABLE big (id INTEGER PRIMARY KEY, v INTEGER);
     INSERT INTO big SELECT value, value % 97 FROM generate_series(1, ${BIG_ROWS});
     CREATE VIEW evil AS SELECT writefile('${path.join(dataDir, "from-view.txt")}', 'x') AS w FROM big LIMIT 1;`,
    [table("big", BIG_ROWS, ["id", "v"]), table("evil", 1, ["w"], true)],
  );
  smallFile = await makeDataset("small", "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1), (2), (3);", [
    table("t", 3, ["a"]),
  ]);
}, 60_000);

afterAll(() => {
  closeSqlPool();
  closeAppDb();
});

describe("runGuardedQuery", () => {
  it("runs a SELECT and returns columns, rows and timing", async () => {
    const result = await runGuardedQuery("small", "SELECT a, a * 2 AS twice FROM t ORDER BY a");
    expect(result).toMatchObject({
      columns: ["a", "twice"],
      rows: [
        [1, 2],
        [2, 4],
        [3, 6],
      ],
      truncated: false,
    });
    expect(result.ms).toBeGreaterThan(0);
  });

  it("refuses writes, ATTACH, PRAGMA, load_extension and multiple statements; the file stays as it was", async () => {
    const before = hash(smallFile);
    const attempts = [
      "INSERT INTO t VALUES (4)",
      "DELETE FROM t",
      "UPDATE t SET a = 0",
      "DROP TABLE t",
      `ATTACH DATABASE '${path.join(dataDir, "evil.db")}' AS evil`,
      "PRAGMA query_only = 0",
      "SELECT load_extension('/tmp/evil.so')",
      "SELECT 1; DELETE FROM t",
      `SELECT writefile('${path.join(dataDir, "written.txt")}', 'x')`,
    ];
    for (const sql of attempts)
      await expect(runGuardedQuery("small", sql), sql).rejects.toBeInstanceOf(SqlRefusedError);
    expect(hash(smallFile)).toBe(before);
    expect(fs.existsSync(path.join(dataDir, "evil.db"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "written.txt"))).toBe(false);
  });

  it("checks the compiled program again in the worker: SQL that skipped the parser check is refused", async () => {
    const files = datasetFiles("small", { main: "rows.sqlite", attachments: [] });
    const target = path.join(dataDir, "bypass.txt");
    await expect(runCheckedSql(files, `SELECT writefile('${target}', 'x')`)).rejects.toMatchObject({
      reason: "forbidden_function",
    });
    await expect(runCheckedSql(files, "SELECT readfile('/etc/hostname')")).rejects.toMatchObject({
      reason: "forbidden_function",
    });
    await expect(runCheckedSql(files, "INSERT INTO t VALUES (9)")).rejects.toBeInstanceOf(SqlRefusedError);
    expect(fs.existsSync(target)).toBe(false);
    expect(hash(smallFile)).not.toBe("");
  });

  it("does not run unsafe functions hidden in a view of the dataset", async () => {
    await expect(runGuardedQuery("big", "SELECT * FROM evil")).rejects.toBeInstanceOf(SqlFailedError);
    expect(fs.existsSync(path.join(dataDir, "from-view.txt"))).toBe(false);
  });

  it("reports SQLite's own errors as failed", async () => {
    await expect(runGuardedQuery("small", "SELECT nope FROM t")).rejects.toMatchObject({
      kind: "failed",
      code: "sql_failed",
      message: expect.stringContaining("nope"),
    });
    await expect(runGuardedQuery("missing", "SELECT 1")).rejects.toBeInstanceOf(SqlFailedError);
  });

  it("caps the rows of a huge cartesian join on the 1M-row table", async () => {
    const started = performance.now();
    const result = await runGuardedQuery("big", "SELECT a.id, b.id FROM big a, big b", { maxRows: 1000 });
    expect(result.rows).toHaveLength(1000);
    expect(result.truncated).toBe(true);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it("kills a cartesian aggregate that would run for hours at its time limit", async () => {
    const started = performance.now();
    await expect(
      runGuardedQuery("big", "SELECT count(*) FROM big a, big b", { timeoutMs: 1500 }),
    ).rejects.toBeInstanceOf(SqlTimeoutError);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(3000);
  });

  it(
    "kills a recursive CTE that never ends while a query on another dataset completes, " +
      "and the event loop stays free",
    async () => {
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 50);
      const started = performance.now();
      const runaway = runGuardedQuery(
        "big",
        "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT count(*) FROM c",
        { timeoutMs: 2000 },
      ).then(
        () => ({ ok: true, at: performance.now() - started }),
        (err: unknown) => ({ ok: false, err, at: performance.now() - started }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200)); // the runaway is running now
      const other = await runGuardedQuery("small", "SELECT sum(a) FROM t");
      const otherAt = performance.now() - started;
      expect(other.rows).toEqual([[6]]);
      const outcome = await runaway;
      clearInterval(ticker);
      expect(outcome.ok).toBe(false);
      expect((outcome as { err: unknown }).err).toBeInstanceOf(SqlTimeoutError);
      expect(otherAt).toBeLessThan(1500);
      expect(outcome.at).toBeLessThan(3500);
      expect(ticks).toBeGreaterThan(20); // timers kept firing while SQLite spun in the worker
      // The pool replaced the killed worker: the next query runs normally.
      expect((await runGuardedQuery("big", "SELECT count(*) FROM big")).rows).toEqual([[BIG_ROWS]]);
    },
  );
});

describe("bound parameters", () => {
  it("binds ? placeholders in order, so values are never spliced into SQL", async () => {
    const result = await runGuardedQuery("small", "SELECT a FROM t WHERE a >= ? AND a <> ? ORDER BY a", {
      params: [2, "x'); DROP TABLE t; --"],
    });
    expect(result.rows).toEqual([[2], [3]]);
  });
});
