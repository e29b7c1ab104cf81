import fs from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

const dataDir = useTempDataDir();
const { GET: listRoute, POST: uploadRoute } = await import("@/app/api/datasets/route");
const datasetRoute = await import("@/app/api/datasets/[id]/route");
const { GET: rowsRoute } = await import("@/app/api/datasets/[id]/tables/[table]/rows/route");
const { GET: importRoute } = await import("@/app/api/imports/[uploadId]/route");

type File = { name: string; content: string | Buffer };

function upload(files: File[], headers: Record<string, string> = {}): Promise<Response> {
  const form = new FormData();
  for (const f of files)
    form.append("files", new Blob([typeof f.content === "string" ? f.content : new Uint8Array(f.content)]), f.name);
  return uploadRoute(new Request("http://test/api/datasets", { method: "POST", body: form, headers }));
}
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) }) as never;
const listIds = async () => ((await (await listRoute()).json()).datasets as Array<{ id: string }>).map((d) => d.id);
const datasetFiles = () => fs.readdirSync(path.join(dataDir, "datasets")).sort();

async function expectError(res: Response, status: number, code: string): Promise<string> {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(10);
  return body.error.message;
}

let firstId = "";
beforeAll(async () => {
  const res = await upload([{ name: "cities.csv", content: "city,population\nLos Angeles,3898747\nFresno,542107\n" }]);
  firstId = (await res.json()).id;
});

describe("POST /api/datasets", () => {
  it("imports several files as one multi-table dataset", async () => {
    const res = await upload(
      [
        { name: "a.csv", content: "id,name\n1,x\n2,y\n" },
        { name: "b.tsv", content: "id\tscore\n1\t2.5\n" },
        { name: "c.csv", content: "k;v\nq;1\n" },
      ],
      { "x-upload-id": "test-upload-1" },
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.tables.map((t: { name: string; rowCount: number }) => [t.name, t.rowCount])).toEqual([
      ["a", 2],
      ["b", 1],
      ["c", 1],
    ]);
    expect(body.tables[1].columns).toEqual([
      { name: "id", type: "integer" },
      { name: "score", type: "real" },
    ]);
    const job = await (await importRoute(new Request("http://test"), ctx({ uploadId: "test-upload-1" }))).json();
    expect(job.state).toBe("done");
  });

  it("reports bad files by name and leaves no dataset behind", async () => {
    const before = await listIds();
    const filesBefore = datasetFiles();
    await expectError(await upload([{ name: "empty.csv", content: "" }]), 400, "csv_empty");
    await expectError(await upload([{ name: "x.pdf", content: "%PDF-1.4" }]), 415, "unsupported_type");
    await expectError(
      await upload([{ name: "text.sqlite", content: "hello world, not a database" }]),
      400,
      "sqlite_invalid",
    );
    const msg = await expectError(
      await upload([
        { name: "ok.csv", content: "a\n1\n" },
        { name: "bad.csv", content: "a,b\n1,2,3\n" },
      ]),
      400,
      "csv_row_too_long",
    );
    expect(msg).toContain("bad.csv, line 2");
    expect(await listIds()).toEqual(before);
    expect(datasetFiles()).toEqual(filesBefore);
    expect(fs.readdirSync(path.join(dataDir, "tmp")).filter((f) => !f.startsWith("."))).toEqual([]);
  });

  it("refuses a non-multipart body and an upload over the limit", async () => {
    await expectError(
      await uploadRoute(
        new Request("http://test/api/datasets", {
          method: "POST",
          body: "{}",
          headers: { "content-type": "application/json" },
        }),
      ),
      400,
      "not_multipart",
    );
    const big = [{ name: "big.csv", content: "a\n" + "1\n".repeat(2000) }];
    process.env.MAX_UPLOAD_BYTES = "1000";
    process.env.MAX_FILE_BYTES = "100000";
    try {
      await expectError(await upload(big), 413, "upload_too_large");
      process.env.MAX_UPLOAD_BYTES = "100000";
      process.env.MAX_FILE_BYTES = "500";
      expect(await expectError(await upload(big), 413, "file_too_large")).toContain("big.csv");
    } finally {
      delete process.env.MAX_UPLOAD_BYTES;
      delete process.env.MAX_FILE_BYTES;
    }
  });

  it("names tables and datasets by UTF-8 file names as written", async () => {
    const res = await upload([
      { name: "Zürich.csv", content: "Quartier,Einwohner\nAltstadt,6000\n" },
      { name: "東京.csv", content: "区,人口\n千代田,66000\n" },
      // Decomposed, as macOS names files: composed to the same name a user typed.
      { name: "Mu\u0308nchen.csv", content: "a\n1\n" },
    ]);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.tables.map((t: { name: string }) => t.name)).toEqual(["Zürich", "東京", "München"]);
    expect(body.name).toBe("Zürich + 東京 + München");
  });

  it("handles two uploads at once", async () => {
    const [r1, r2] = await Promise.all([
      upload([{ name: "one.csv", content: "a\n" + "1\n".repeat(20000) }]),
      upload([{ name: "two.csv", content: "b\n" + "2\n".repeat(20000) }]),
    ]);
    expect([r1.status, r2.status]).toEqual([201, 201]);
    const [b1, b2] = [await r1.json(), await r2.json()];
    expect(b1.id).not.toBe(b2.id);
    expect(b1.tables[0].rowCount).toBe(20000);
  });

  it("imports an XLSX workbook", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Sales");
    ws.addRow(["Region", "Amount"]);
    ws.addRow(["West", 12]);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload([{ name: "sales.xlsx", content: buffer }]);
    expect(res.status).toBe(201);
    expect((await res.json()).tables[0]).toMatchObject({ name: "Sales", rowCount: 1 });
  });
});

describe("dataset routes", () => {
  it("gets, pages, sorts, renames and deletes", async () => {
    const detail = await (await datasetRoute.GET(new Request("http://test"), ctx({ id: firstId }))).json();
    expect(detail.tables[0].columns.map((c: { type: string }) => c.type)).toEqual(["text", "integer"]);
    const page = await (
      await rowsRoute(
        new Request("http://test/rows?sort=population&dir=asc&limit=1"),
        ctx({ id: firstId, table: "cities" }),
      )
    ).json();
    expect(page).toMatchObject({ total: 2, offset: 0 });
    expect(page.rows[0].values).toEqual(["Fresno", 542107]);
    await expectError(
      await rowsRoute(new Request("http://test/rows?sort=nope"), ctx({ id: firstId, table: "cities" })),
      400,
      "unknown_column",
    );
    await expectError(
      await rowsRoute(new Request("http://test/rows"), ctx({ id: firstId, table: "nope" })),
      404,
      "table_not_found",
    );
    const renamed = await datasetRoute.PATCH(
      new Request("http://test", {
        method: "PATCH",
        body: JSON.stringify({ name: "Cities" }),
        headers: { "content-type": "application/json" },
      }),
      ctx({ id: firstId }),
    );
    expect((await renamed.json()).name).toBe("Cities");
    await expectError(
      await datasetRoute.PATCH(
        new Request("http://test", {
          method: "PATCH",
          body: JSON.stringify({ name: " " }),
          headers: { "content-type": "application/json" },
        }),
        ctx({ id: firstId }),
      ),
      400,
      "invalid_request",
    );
    expect((await datasetRoute.DELETE(new Request("http://test"), ctx({ id: firstId }))).status).toBe(204);
    await expectError(
      await datasetRoute.GET(new Request("http://test"), ctx({ id: firstId })),
      404,
      "dataset_not_found",
    );
    expect(datasetFiles()).not.toContain(firstId);
  });
});
