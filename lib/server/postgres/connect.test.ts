import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { ctx, jsonRequest } from "./testing/api";
import { READER_PASSWORD, startShopPostgres } from "./testing/shop-fixture";

const dataDir = useTempDataDir();
process.env.TABLESIGHT_SECRET = "test-secret-for-connections";

const { POST: connectRoute } = await import("@/app/api/datasets/connect/route");
const { GET: datasetRoute } = await import("@/app/api/datasets/[id]/route");
const { POST: indexRoute } = await import("@/app/api/datasets/[id]/index/route");
const { GET: rowsRoute } = await import("@/app/api/datasets/[id]/tables/[table]/rows/route");
const { GET: cellRoute } = await import("@/app/api/datasets/[id]/tables/[table]/rows/[rowId]/cells/[column]/route");
const { POST: askRoute } = await import("@/app/api/datasets/[id]/ask/route");
const { GET: runRoute } = await import("@/app/api/runs/[id]/route");
const { whenIndexingIdle } = await import("@/lib/server/index/queue");
const { closePostgresPools } = await import("./pool");
const { closeSqlPool } = await import("@/lib/server/sql");
const { closeAppDb } = await import("@/lib/server/db/app-db");

let server: Awaited<ReturnType<typeof startShopPostgres>>;
let id = "";
/** Every response body and console line of the file, searched for the password at the end. */
const seen: string[] = [];
const console0 = { ...console };

async function call(res: Promise<Response>): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await res;
  const text = await r.text();
  seen.push(text);
  return { status: r.status, body: text ? JSON.parse(text) : {} };
}

beforeAll(async () => {
  for (const k of ["log", "info", "warn", "error", "debug"] as const)
    console[k] = (...args: unknown[]) => {
      seen.push(args.map(String).join(" "));
      console0[k](...args);
    };
  server = await startShopPostgres();
}, 60_000);

afterAll(async () => {
  Object.assign(console, console0);
  await closePostgresPools();
  closeSqlPool();
  closeAppDb();
  await server?.stop();
});

describe("POST /api/datasets/connect on a real PostgreSQL", () => {
  it("reads the catalog: tables, views, keys, comments, counts", async () => {
    const url = server.readerUrl();
    const { status, body } = await call(
      connectRoute(jsonRequest("/api/datasets/connect", "POST", { name: "Shop", url, schemas: ["public", "sales"] })),
    );
    expect(status).toBe(201);
    expect(body.kind).toBe("postgres");
    id = String(body.id);
    const tables = body.tables as Array<{ name: string; rowCount: number; rowCountEstimated: boolean }>;
    expect(tables.map((t) => t.name).sort()).toEqual(["big_orders", "customers", "orders", "regions"]);
    expect(tables.find((t) => t.name === "orders")).toMatchObject({ rowCount: 1200, rowCountEstimated: false });
    const detail = await call(datasetRoute(jsonRequest(`/api/datasets/${id}`, "GET"), ctx({ id })));
    const all = detail.body.tables as Array<Record<string, unknown>>;
    const orders = all.find((t) => t.name === "orders")!;
    expect(orders.foreignKeys).toEqual([{ columns: ["customer_id"], refTable: "customers", refColumns: ["id"] }]);
    expect((orders.columns as Array<{ isPrimaryKey: boolean; name: string }>)[0]).toMatchObject({
      name: "id",
      isPrimaryKey: true,
    });
    const customers = all.find((t) => t.name === "customers")!;
    expect(customers.notes).toContain("Comment: People who bought something");
    expect(all.find((t) => t.name === "big_orders")!.isView).toBe(true);
    expect(detail.body.connection).toMatchObject({ kind: "postgres", user: "reader", database: "shop" });
  }, 30_000);

  it("pages the grid on the server by keyset, in key order, and sorts on request", async () => {
    const page = (q: string) =>
      call(rowsRoute(jsonRequest(`/api/datasets/${id}/tables/orders/rows?${q}`, "GET"), ctx({ id, table: "orders" })));
    const first = await page("offset=0&limit=100");
    const second = await page("offset=100&limit=100");
    const ids = (p: typeof first) => (p.body.rows as Array<{ values: unknown[] }>).map((r) => r.values[0]);
    expect(ids(first)[0]).toBe(1);
    expect(ids(second)[0]).toBe(101);
    expect(ids(second)).toHaveLength(100);
    const sorted = await page("offset=0&limit=5&sort=amount&dir=desc");
    expect((sorted.body.rows as Array<{ values: unknown[] }>)[0].values[2]).toBe(99.5);
  });

  it("indexes from samples and answers with SQL rendered for PostgreSQL, with evidence rows", async () => {
    await whenIndexingIdle();
    const res = await askRoute(
      jsonRequest(`/api/datasets/${id}/ask`, "POST", { question: "How many customers live in Lima?" }),
      ctx({ id }),
    );
    const body = await res.json();
    seen.push(JSON.stringify(body));
    expect(res.status).toBe(200);
    const events = body.events as Array<{ type: string; sql?: string; ok?: boolean }>;
    const sqls = events.filter((e) => e.type === "sql");
    expect(sqls.length).toBeGreaterThan(0);
    expect(sqls.some((e) => e.ok && /ctid|lower\(CAST/.test(e.sql ?? ""))).toBe(true);
    expect(JSON.stringify(body.answer ?? events.find((e) => e.type === "answer"))).toContain("83");
    // Evidence cells point at rows by the ids the grid shows (the row's ctid as an integer).
    const evidence = body.answer.evidence as Array<{ table: string; rowId: number; value: unknown }>;
    expect(evidence.length).toBe(83);
    expect(evidence.every((e) => e.table === "customers" && e.value === "Lima" && e.rowId > 0)).toBe(true);
    const run = await call(runRoute(jsonRequest(`/api/runs/${body.runId}`, "GET"), ctx({ id: String(body.runId) })));
    expect(run.status).toBe(200);
  }, 120_000);

  it.each(["sgam", "graphotter", "helios"])(
    "answers with %s too, every statement running on PostgreSQL",
    async (m) => {
      const res = await askRoute(
        jsonRequest(`/api/datasets/${id}/ask`, "POST", { question: "How many customers live in Lima?", method: m }),
        ctx({ id }),
      );
      const body = await res.json();
      seen.push(JSON.stringify(body));
      expect(res.status).toBe(200);
      expect(body.ok, JSON.stringify(body.error)).toBe(true);
      const failed = (body.events as Array<{ type: string; ok?: boolean; error?: string }>).filter(
        (e) => e.type === "sql" && !e.ok,
      );
      expect(failed.map((e) => e.error)).toEqual([]);
      expect(String(body.answer?.text ?? "")).not.toBe("");
    },
    120_000,
  );

  it("re-reads the catalog on re-index: a new table appears", async () => {
    await server.query("CREATE TABLE refunds (id integer PRIMARY KEY, amount numeric)", [], "shop");
    await server.query("GRANT SELECT ON refunds TO reader", [], "shop");
    expect((await call(indexRoute(jsonRequest(`/api/datasets/${id}/index`, "POST"), ctx({ id })))).status).toBe(202);
    const detail = await call(datasetRoute(jsonRequest(`/api/datasets/${id}`, "GET"), ctx({ id })));
    expect((detail.body.tables as Array<{ name: string }>).map((t) => t.name)).toContain("refunds");
    await whenIndexingIdle();
  }, 60_000);

  it("types a bytea column binary: its size in the grid, its exact bytes downloaded", async () => {
    const bytes = Buffer.from(Array.from({ length: 700_000 }, (_, i) => (i * 31) % 256));
    await server.query("CREATE TABLE photos (id integer PRIMARY KEY, img bytea)", [], "shop");
    await server.query("INSERT INTO photos VALUES (1, $1), (2, NULL)", [bytes], "shop");
    await server.query("GRANT SELECT ON photos TO reader", [], "shop");
    expect((await call(indexRoute(jsonRequest(`/api/datasets/${id}/index`, "POST"), ctx({ id })))).status).toBe(202);
    await whenIndexingIdle();
    const detail = await call(datasetRoute(jsonRequest(`/api/datasets/${id}`, "GET"), ctx({ id })));
    const photos = (detail.body.tables as Array<{ name: string; columns: Array<{ name: string; type: string }> }>).find(
      (t) => t.name === "photos",
    )!;
    expect(photos.columns.map((c) => c.type)).toEqual(["integer", "binary"]);
    const page = await call(
      rowsRoute(jsonRequest(`/api/datasets/${id}/tables/photos/rows`, "GET"), ctx({ id, table: "photos" })),
    );
    const rows = page.body.rows as Array<{ rowId: number; values: unknown[] }>;
    expect(rows.map((r) => r.values[1])).toEqual([700_000, null]);
    const res = await cellRoute(
      jsonRequest("/cell", "GET"),
      ctx({ id, table: "photos", rowId: String(rows[0].rowId), column: "img" }),
    );
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  }, 60_000);

  it("keeps the password out of every response, stored run, event, log line and the app database", async () => {
    const text = seen.join("\n");
    expect(text.length).toBeGreaterThan(1000);
    expect(text).toContain("reader");
    expect(text).not.toContain(READER_PASSWORD);
    expect(text).not.toContain(encodeURIComponent(READER_PASSWORD));
    for (const file of fs.readdirSync(dataDir, { recursive: true }) as string[]) {
      const full = path.join(dataDir, file);
      if (!fs.statSync(full).isFile()) continue;
      const bytes = fs.readFileSync(full);
      expect(bytes.includes(READER_PASSWORD), file).toBe(false);
      expect(bytes.includes(encodeURIComponent(READER_PASSWORD)), file).toBe(false);
    }
  });
});
