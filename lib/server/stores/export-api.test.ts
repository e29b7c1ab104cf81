import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

useTempDataDir();
const { POST: uploadRoute } = await import("@/app/api/datasets/route");
const { GET: exportRoute } = await import("@/app/api/datasets/[id]/tables/[table]/export/route");
const { loadDataset, tableByName } = await import("@/lib/server/stores/datasets");
const { exportPages } = await import("./export-rows");

const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) }) as never;

// Numbers written with places a number does not keep, cells of only spaces, quoted commas and
// line breaks, text in other scripts, an empty cell, a formula.
const CSV = [
  "name,area,share,remark,code",
  'Canada,9970610.0,0.0000967,"  ",12',
  '"Korea, Republic of",99434.0,0.25,"two\nlines",007',
  "Côte d’Ivoire,322463.0,12.5,中文 text,x1",
  "Aruba,193.0,,=1+1,-5",
  'Vatican,0.4,1e3,"say ""hi""",+3',
].join("\n");

let id = "";
beforeAll(async () => {
  const form = new FormData();
  form.append("files", new Blob([`${CSV}\n`]), "country.csv");
  id = (await (await uploadRoute(new Request("http://test/api/datasets", { method: "POST", body: form }))).json()).id;
});

async function exported(query = "") {
  const res = await exportRoute(new Request(`http://test/export?${query}`), ctx({ id, table: "country" }));
  return { res, text: await res.text() };
}
const rowsOf = (csv: string): string[][] => parse(csv, { relax_column_count: true });

describe("CSV export of a table (export route)", () => {
  it("writes the file's rows as written: the same cells, only a formula prefixed", async () => {
    const { res, text } = await exported();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain('filename="country.csv"');
    const file = rowsOf(CSV);
    const expected = file.map((r) => r.map((v) => (v === "=1+1" ? "'=1+1" : v)));
    expect(rowsOf(text)).toEqual(expected);
  });

  it("writes only the rows the grid's filters keep, in its sort", async () => {
    const { text } = await exported("f.name=has:a&sort=area&dir=desc");
    expect(rowsOf(text).map((r) => r[0])).toEqual(["name", "Canada", "Korea, Republic of", "Aruba", "Vatican"]);
    expect(rowsOf((await exported("f.share=null")).text)).toEqual([
      rowsOf(CSV)[0],
      ["Aruba", "193.0", "", "'=1+1", "-5"],
    ]);
  });

  it("refuses an unknown column, a malformed filter or an unknown parameter with a message", async () => {
    for (const q of ["sort=nope", "f.kind=like:x", "f.nope=eq:1", "limit=5"]) {
      const { res, text } = await exported(q);
      expect(res.status, q).toBe(400);
      expect(JSON.parse(text).error.message).toBeTruthy();
    }
    const missing = await exportRoute(new Request("http://test/export"), ctx({ id, table: "nope" }));
    expect(missing.status).toBe(404);
  });
});

describe("exportPages", () => {
  it("pages by rowid or by offset to the same rows as one read, and stops at its row limit", async () => {
    const dataset = await loadDataset(id);
    const table = tableByName(dataset, "country")!;
    const all = async (req: Parameters<typeof exportPages>[3]) => {
      const pages: unknown[][][] = [];
      for await (const page of exportPages(id, dataset.storage, table, req)) pages.push(page);
      return pages;
    };
    const whole = (await all({ filters: [] })).flat();
    expect(whole).toHaveLength(5);
    const paged = await all({ filters: [], pageRows: 2 });
    expect(paged.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(paged.flat()).toEqual(whole);
    const sorted = await all({ filters: [], sort: "area", dir: "asc", pageRows: 2 });
    expect(sorted.flat().map((r) => String(r[1]))).toEqual(["0.4", "193.0", "99434.0", "322463.0", "9970610.0"]);
    expect((await all({ filters: [], pageRows: 2, maxRows: 3 })).flat()).toEqual(whole.slice(0, 3));
  });
});
