import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

// BLOB columns of an uploaded SQLite file (Northwind's pictures): typed binary, shown in the grid as
// their size, downloaded byte for byte through their own route, profiled by size and never read or
// indexed as text.
const dataDir = useTempDataDir();
process.env.AUTO_INDEX = "0";
const { openForWrite } = await import("@/lib/server/sqlite/open");
const { importDataset } = await import("@/lib/server/ingest/import-dataset");
const { runIndexing } = await import("@/lib/server/index/pipeline");
const { listColumns } = await import("@/lib/server/index/api");
const { closeSqlPool } = await import("@/lib/server/sql");
const { GET: rowsRoute } = await import("@/app/api/datasets/[id]/tables/[table]/rows/route");
const { GET: cellRoute } = await import("@/app/api/datasets/[id]/tables/[table]/rows/[rowId]/cells/[column]/route");

const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) }) as never;
const pictures = [randomBytes(10_746), randomBytes(1_300_000), Buffer.alloc(0)];
let id = "";

beforeAll(async () => {
  const file = path.join(dataDir, "northwind.sqlite");
  const db = openForWrite(file);
  db.exec("CREATE TABLE categories(id INTEGER PRIMARY KEY, name TEXT, picture BLOB, thumb)");
  const insert = db.prepare("INSERT INTO categories VALUES (?, ?, ?, ?)");
  pictures.forEach((p, i) => insert.run(i + 1, `Category ${i + 1}`, p, p.subarray(0, 20)));
  insert.run(4, "Nothing", null, null);
  db.exec("PRAGMA journal_mode = DELETE");
  db.close();
  id = (await importDataset([{ originalName: "northwind.sqlite", path: file, size: fs.statSync(file).size }])).id;
  await runIndexing(id);
}, 120_000);
afterAll(() => closeSqlPool());

describe("binary columns", () => {
  it("are typed binary, declared BLOB or holding bytes without a declared type", async () => {
    const columns = (await listColumns(id)).tables[0].columns;
    expect(columns.map((c) => [c.column, c.type])).toEqual([
      ["id", "integer"],
      ["name", "text"],
      ["picture", "binary"],
      ["thumb", "binary"],
    ]);
  });

  it("show their size in the grid and download their exact bytes", async () => {
    const page = await (await rowsRoute(new Request("http://test/rows"), ctx({ id, table: "categories" }))).json();
    expect(page.rows.map((r: { values: unknown[] }) => r.values[2])).toEqual([10_746, 1_300_000, 0, null]);
    for (const [i, bytes] of pictures.entries()) {
      const res = await cellRoute(
        new Request("http://test/cell"),
        ctx({ id, table: "categories", rowId: String(i + 1), column: "picture" }),
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("content-length")).toBe(String(bytes.length));
      expect(res.headers.get("content-disposition")).toContain("attachment");
      const got = Buffer.from(await res.arrayBuffer());
      expect(createHash("sha256").update(got).digest("hex")).toBe(createHash("sha256").update(bytes).digest("hex"));
    }
    const empty = await cellRoute(
      new Request("http://test/cell"),
      ctx({ id, table: "categories", rowId: "4", column: "picture" }),
    );
    expect(empty.status).toBe(404);
    const text = await cellRoute(
      new Request("http://test/cell"),
      ctx({ id, table: "categories", rowId: "1", column: "name" }),
    );
    expect(text.status).toBe(400);
  });

  it("are profiled by size, described as binary data, never as text", async () => {
    const picture = (await listColumns(id)).tables[0].columns.find((c) => c.column === "picture")!;
    expect(picture.profile).toMatchObject({ type: "binary", min: 0, max: 1_300_000, nullCount: 1 });
    expect(picture.description?.text).toMatch(/binary data of 0 to 1,300,000 bytes, missing in 25% of rows/);
    expect(picture.description?.text).not.toMatch(/text|character/);
  });
});
