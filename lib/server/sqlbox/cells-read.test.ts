import fs from "node:fs";
import path from "node:path";
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableMeta } from "@/lib/core/model/dataset";
import { closeAppDb } from "@/lib/server/db/app-db";
import { closeSqlPool, guardTargetOf } from "@/lib/server/sql";
import { insertDataset, loadDataset } from "@/lib/server/stores/datasets";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { cellsRead, MAX_READ_ROWS } from "./cells-read";

const dataDir = useTempDataDir();

const table = (name: string, rowCount: number, columns: string[], isView = false): TableMeta => ({
  name: `${name} (shown)`,
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

const BIG = MAX_READ_ROWS + 5;

beforeAll(async () => {
  const dir = path.join(dataDir, "datasets", "d");
  fs.mkdirSync(dir, { recursive: true });
  const db = new Database(path.join(dir, "rows.sqlite"));
  db.exec(`CREATE TABLE t (a INTEGER, b INTEGER, c TEXT);
    INSERT INTO t VALUES (1, 10, 'x'), (2, 20, 'y'), (3, 30, 'z'), (4, 20, 'w');
    CREATE TABLE big (v INTEGER);
    INSERT INTO big SELECT value FROM generate_series(1, ${BIG});
    CREATE VIEW tv AS SELECT a, b FROM t;`);
  db.close();
  await insertDataset({
    id: "d",
    name: "d",
    sizeBytes: 0,
    storage: { main: "rows.sqlite", attachments: [] },
    tables: [table("t", 4, ["a", "b", "c"]), table("big", BIG, ["v"]), table("tv", 4, ["a", "b"], true)],
    notes: [],
  });
});

afterAll(() => {
  closeSqlPool();
  closeAppDb();
});

async function read(sql: string) {
  const dataset = await loadDataset("d");
  return cellsRead(sql, dataset, guardTargetOf("d", dataset));
}

describe("cellsRead", () => {
  it("gives the rows a condition keeps × the columns the statement names", async () => {
    expect(await read("SELECT a FROM t WHERE b = 20 ORDER BY a DESC")).toEqual([
      { table: "t", columns: ["a", "b"], rowIds: [2, 4], cut: false },
    ]);
  });

  it("reads every column for *, and every row of a grouping", async () => {
    expect(await read("SELECT * FROM t WHERE c = 'z'")).toEqual([
      { table: "t", columns: ["a", "b", "c"], rowIds: [3], cut: false },
    ]);
    expect(await read("SELECT b, COUNT(*) FROM t GROUP BY b")).toEqual([
      { table: "t", columns: ["b"], rowIds: [1, 2, 3, 4], cut: false },
    ]);
  });

  it("stops at MAX_READ_ROWS rows of a table and says so", async () => {
    const [big] = (await read("SELECT v FROM big"))!;
    expect(big.rowIds).toHaveLength(MAX_READ_ROWS);
    expect(big.cut).toBe(true);
  });

  it("is null for statements that map to no table's cells: no table, a view, unparsable SQL", async () => {
    expect(await read("SELECT 1 AS one")).toBeNull();
    expect(await read("SELECT a FROM tv")).toBeNull();
    expect(await read("SELECT FROM WHERE")).toBeNull();
  });
});
