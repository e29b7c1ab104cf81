import { beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

useTempDataDir();
const { POST: uploadRoute } = await import("@/app/api/datasets/route");
const { POST: sqlRoute } = await import("@/app/api/datasets/[id]/sql/route");

const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) }) as never;
let id = "";
beforeAll(async () => {
  const lines = ["n,kind", ...Array.from({ length: 1500 }, (_, i) => `${i},${i % 3 === 0 ? "a" : "b"}`)];
  const form = new FormData();
  form.append("files", new Blob([`${lines.join("\n")}\n`]), "nums.csv");
  id = (await (await uploadRoute(new Request("http://test/api/datasets", { method: "POST", body: form }))).json()).id;
});

const run = async (sql: unknown, datasetId = id) => {
  const res = await sqlRoute(
    new Request("http://test/sql", {
      method: "POST",
      body: JSON.stringify({ sql }),
      headers: { "content-type": "application/json" },
    }),
    ctx({ id: datasetId }),
  );
  return { status: res.status, body: await res.json() };
};

describe("POST /api/datasets/:id/sql (the SQL box)", () => {
  it("runs a SELECT and returns its columns and rows as stored", async () => {
    const { status, body } = await run("SELECT kind, COUNT(*) AS n FROM nums GROUP BY kind ORDER BY kind");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      columns: ["kind", "n"],
      rows: [
        ["a", 500],
        ["b", 1000],
      ],
      truncated: false,
    });
  });

  it("cuts a long result at the row cap and says so", async () => {
    const { body } = await run("SELECT n FROM nums");
    expect(body.rows).toHaveLength(body.maxRows);
    expect(body.truncated).toBe(true);
  });

  it("refuses writes, several statements and unknown tables with a message; 404 for an unknown dataset", async () => {
    for (const sql of ["DELETE FROM nums", "SELECT 1; SELECT 2", "SELECT * FROM sqlite_master", "SELEC 1"]) {
      const { status, body } = await run(sql);
      expect(status, sql).toBe(400);
      expect(body.error.code, sql).toMatch(/^sql_(refused|failed)$/);
      expect(body.error.message.length).toBeGreaterThan(10);
    }
    expect((await run("SELECT COUNT(*) FROM nums")).body.rows).toEqual([[1500]]);
    expect((await run("")).status).toBe(400);
    expect((await run("SELECT 1", "nope")).status).toBe(404);
  });
});
