import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "libsql";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ImportError } from "./errors";
import { importSqlite } from "./sqlite";
import { makeTempDir, makeTestContext, uploadedFile, type TestContext } from "./testing/test-context";

let dir: string;
let ctx: TestContext;

beforeEach(() => {
  dir = makeTempDir();
  ctx = makeTestContext(path.join(dir, "ds"));
});
afterEach(() => {
  ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function makeDb(name: string, sql: string): string {
  const file = path.join(dir, name);
  const db = new Database(file);
  db.exec(sql);
  db.close();
  return file;
}

const SHOP =
  `
  CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, joined TEXT, score TEXT, code TEXT, extra);
  CREATE TABLE orders (
    id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), amount REAL, placed DATETIME, ` +
  `paid BOOLEAN);
  CREATE TABLE order_lines (
    order_id INTEGER, line INTEGER, sku TEXT, PRIMARY KEY (order_id, line), FOREIGN KEY (order_id) REFERENCES orders);
  CREATE TABLE line_notes (order_id INTEGER, line INTEGER, note TEXT, FOREIGN KEY (order_id, line) ` +
  `REFERENCES order_lines);
  CREATE TABLE "Mixed Case" (v);
  INSERT INTO customers VALUES (1, 'Ann', '2024-01-05', '12', '007', 1.5), (2, 'Bob', '2024-02-10', '7', 'A1', 'x');
  INSERT INTO orders VALUES (10, 1, 9.5, '2024-03-01 10:00:00', 1), (11, 2, 20, '2024-03-02 11:00:00', 0), (12, ` +
  `1, 3.25, NULL, 1);
  INSERT INTO order_lines VALUES (10, 1, 'A'), (10, 2, 'B');
  CREATE TABLE gone (x);
  CREATE VIEW broken AS SELECT * FROM gone;
  DROP TABLE gone;
  CREATE VIEW big_orders AS SELECT o.id, c.name, o.amount FROM orders o JOIN customers c ON c.id = o.customer_id ` +
  `WHERE o.amount > 5;
`;

const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

async function importError(file: string): Promise<ImportError> {
  const error = await importSqlite(uploadedFile(file), ctx).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

describe("importSqlite", () => {
  it("describes tables, keys and views of a copy without touching the upload", async () => {
    const upload = makeDb("shop.sqlite", SHOP);
    const before = sha256(upload);
    ctx.reserveTable("customers"); // a table of an earlier file already took the name
    const tables = await importSqlite(uploadedFile(upload, "shop.sqlite"), ctx);

    expect(sha256(upload)).toBe(before);
    expect(ctx.attached).toEqual(["copy-1.sqlite"]);
    expect(fs.existsSync(path.join(ctx.workDir, "copy-1.sqlite"))).toBe(true);
    expect(tables.map((t) => [t.name, t.sqlName, t.schemaName, t.isView, t.rowCount])).toEqual([
      ["customers_2", "customers", "src1", false, 2],
      ["orders", "orders", "src1", false, 3],
      ["order_lines", "order_lines", "src1", false, 2],
      ["line_notes", "line_notes", "src1", false, 0],
      ["Mixed Case", "Mixed Case", "src1", false, 0],
      ["big_orders", "big_orders", "src1", true, 2],
    ]);
    const [customers, orders, lines, notes] = tables;
    expect(customers.columns).toEqual([
      { name: "id", sqlName: "id", type: "integer", position: 0, isPrimaryKey: true, nullable: false },
      { name: "name", sqlName: "name", type: "text", position: 1, isPrimaryKey: false, nullable: false },
      { name: "joined", sqlName: "joined", type: "date", position: 2, isPrimaryKey: false, nullable: true },
      { name: "score", sqlName: "score", type: "integer", position: 3, isPrimaryKey: false, nullable: true },
      { name: "code", sqlName: "code", type: "text", position: 4, isPrimaryKey: false, nullable: true },
      { name: "extra", sqlName: "extra", type: "text", position: 5, isPrimaryKey: false, nullable: true },
    ]);
    expect(orders.columns.map((c) => c.type)).toEqual(["integer", "integer", "real", "date", "boolean"]);
    expect(orders.foreignKeys).toEqual([{ columns: ["customer_id"], refTable: "customers_2", refColumns: ["id"] }]);
    expect(lines.columns.filter((c) => c.isPrimaryKey).map((c) => c.name)).toEqual(["order_id", "line"]);
    expect(lines.foreignKeys).toEqual([{ columns: ["order_id"], refTable: "orders", refColumns: ["id"] }]);
    expect(notes.foreignKeys).toEqual([
      { columns: ["order_id", "line"], refTable: "order_lines", refColumns: ["order_id", "line"] },
    ]);
    expect(tables[5].columns.map((c) => c.name)).toEqual(["id", "name", "amount"]);
    expect(tables.flatMap((t) => t.notes).join("\n")).toMatch(/Skipped view "broken".*no such table/);
    expect(tables.every((t) => t.source === "sqlite" && t.sourceFile === "shop.sqlite" && t.layout === null)).toBe(
      true,
    );
  });

  it("gives each upload its own copy and alias", async () => {
    const a = makeDb("a.db", "CREATE TABLE t (x); INSERT INTO t VALUES (1);");
    const b = makeDb("b.db", "CREATE TABLE t (x);");
    const [ta] = await importSqlite(uploadedFile(a), ctx);
    const [tb] = await importSqlite(uploadedFile(b), ctx);
    expect([ta.schemaName, ta.name, tb.schemaName, tb.name, tb.sqlName]).toEqual(["src1", "t", "src2", "t_2", "t"]);
    expect(ctx.attached).toEqual(["copy-1.sqlite", "copy-2.sqlite"]);
  });

  it("switches a WAL-mode copy to rollback mode so no -wal or -shm files appear", async () => {
    const upload = makeDb(
      "wal.sqlite",
      "PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1), (2);",
    );
    const before = sha256(upload);
    const [table] = await importSqlite(uploadedFile(upload), ctx);
    expect(table.rowCount).toBe(2);
    expect(sha256(upload)).toBe(before);
    expect(fs.readdirSync(ctx.workDir).filter((f) => f.startsWith("copy-"))).toEqual(["copy-1.sqlite"]);
  });

  it("refuses a truncated database as corrupt and removes its copy", async () => {
    const full = makeDb(
      "full.sqlite",
      `CREATE TABLE t (a, b); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
      INSERT INTO t SELECT i, printf('%050d', i) FROM n;`,
    );
    const bytes = fs.readFileSync(full);
    const half = path.join(dir, "half.sqlite");
    fs.writeFileSync(half, bytes.subarray(0, bytes.length / 2));
    const error = await importError(half);
    expect(error.code).toBe("sqlite_corrupt");
    expect(error.message).toMatch(/half\.sqlite is damaged or incomplete/);
    expect(fs.readdirSync(ctx.workDir).filter((f) => f.startsWith("copy-"))).toEqual([]);
    expect(ctx.attached).toEqual([]);
  });

  it("refuses garbage after a valid header as corrupt", async () => {
    const bytes = fs.readFileSync(makeDb("ok.sqlite", "CREATE TABLE t (a); INSERT INTO t VALUES (1);"));
    const garbage = Buffer.concat([bytes.subarray(0, 100), Buffer.alloc(bytes.length - 100, 0x5a)]);
    fs.writeFileSync(path.join(dir, "garbage.sqlite"), garbage);
    expect((await importError(path.join(dir, "garbage.sqlite"))).code).toBe("sqlite_corrupt");
  });

  it("refuses a text file named .sqlite", async () => {
    const file = path.join(dir, "notes.sqlite");
    fs.writeFileSync(file, "id,name\n1,Ann\n");
    const error = await importError(file);
    expect(error.code).toBe("sqlite_invalid");
    expect(error.message).toContain("notes.sqlite is not a SQLite database");
  });

  it("refuses a database without tables", async () => {
    const file = makeDb("empty.sqlite", "CREATE TABLE t (x); DROP TABLE t;");
    const error = await importError(file);
    expect(error.code).toBe("sqlite_empty");
    expect(ctx.attached).toEqual([]);
  });
});
