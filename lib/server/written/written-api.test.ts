import { beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

useTempDataDir();
const { POST: uploadRoute } = await import("@/app/api/datasets/route");
const { GET: datasetRoute } = await import("@/app/api/datasets/[id]/route");
const { GET: rowsRoute } = await import("@/app/api/datasets/[id]/tables/[table]/rows/route");
const { GET: facetsRoute } = await import("@/app/api/datasets/[id]/tables/[table]/facets/route");
const { POST: sqlRoute } = await import("@/app/api/datasets/[id]/sql/route");
const { loadDataset } = await import("@/lib/server/stores/datasets");
const { openDatasetContext } = await import("@/lib/server/methods/dataset-context");
const { withWrittenText } = await import("./answer");

const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) }) as never;
// surfacearea: one place each; lifeexp: mixed places (1.50 and +3 keep their text); note: a word among numbers.
const CSV = [
  "name,surfacearea,lifeexp,pct,note",
  'Aruba,193.0,78.4,0.0000967,"  "',
  "Russia,17075400.0,1.50,12.5,7",
  "Vatican,0.4,+3,NA,n/a-ish",
  "Canada,9970610.0,79.4,0.25,x",
].join("\n");

let id = "";
beforeAll(async () => {
  const form = new FormData();
  form.append("files", new Blob([`${CSV}\n`]), "country.csv");
  id = (await (await uploadRoute(new Request("http://test/api/datasets", { method: "POST", body: form }))).json()).id;
});

const rows = async (query = "") =>
  (await (await rowsRoute(new Request(`http://test/rows?${query}`), ctx({ id, table: "country" }))).json()) as {
    rows: { values: unknown[] }[];
  };
const sql = async (statement: string) =>
  (await (
    await sqlRoute(
      new Request("http://test/sql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sql: statement }),
      }),
      ctx({ id }),
    )
  ).json()) as { columns: string[]; rows: unknown[][]; written?: Array<[number, number, string]> };

describe("numbers typed by their values, shown as the file wrote them", () => {
  it("types each column and says why in the import report", async () => {
    const dataset = await (await datasetRoute(new Request("http://test/d"), ctx({ id }))).json();
    const columns = dataset.tables[0].columns as Array<{
      name: string;
      type: string;
      typing?: { reason: string; flag?: string };
    }>;
    expect(columns.map((c) => [c.name, c.type])).toEqual([
      ["name", "text"],
      ["surfacearea", "real"],
      ["lifeexp", "real"],
      ["pct", "real"],
      ["note", "text"],
    ]);
    expect(columns[1].typing?.reason).toMatch(/1 decimal place/);
    expect(columns[3].typing?.reason).toMatch(/"NA".*missing number/);
    expect(columns[4].typing).toMatchObject({ flag: "mixed" });
  });

  it("shows grid cells as written, sorts numerically, and filters by a number as written", async () => {
    const page = await rows("sort=surfacearea&dir=desc");
    expect(page.rows.map((r) => r.values)).toEqual([
      ["Russia", "17075400.0", "1.50", 12.5, "7"],
      ["Canada", "9970610.0", 79.4, 0.25, "x"],
      ["Aruba", "193.0", 78.4, 0.0000967, "  "],
      ["Vatican", 0.4, "+3", "NA", "n/a-ish"],
    ]);
    expect((await rows("f.surfacearea=eq:193.0")).rows.map((r) => r.values[0])).toEqual(["Aruba"]);
    const facet = await (
      await facetsRoute(new Request("http://test/facets?column=surfacearea"), ctx({ id, table: "country" }))
    ).json();
    expect(facet.values.map((v: { value: unknown }) => v.value)).toContain("9970610.0");
  });

  it("computes MAX, SUM and ORDER BY on numbers in the SQL box, showing plain column reads as written", async () => {
    const max = await sql("SELECT MAX(surfacearea), SUM(surfacearea) FROM country");
    expect(max.rows).toEqual([[17075400, 27046203.4]]);
    expect(max.written).toEqual([]);
    const ordered = await sql("SELECT name, surfacearea, lifeexp FROM country ORDER BY surfacearea DESC");
    expect(ordered.rows.map((r) => r[0])).toEqual(["Russia", "Canada", "Aruba", "Vatican"]);
    expect(ordered.written).toEqual([
      [0, 1, "17075400.0"],
      [0, 2, "1.50"],
      [1, 1, "9970610.0"],
      [2, 1, "193.0"],
      [3, 2, "+3"],
    ]);
  });

  it("shows an answer's stored numbers as written, leaving computed values and the values alone", async () => {
    const context = openDatasetContext(await loadDataset(id));
    const answer = {
      text: "Russia",
      values: ["Russia"],
      evidence: [],
      sql: "SELECT name, surfacearea, surfacearea * 2 FROM country ORDER BY surfacearea DESC LIMIT 2",
      result: {
        columns: ["name", "surfacearea", "surfacearea * 2"],
        rows: [
          ["Russia", 17075400, 34150800],
          ["Canada", 9970610, 19941220],
        ],
        rowCount: 2,
        cut: false,
      },
    };
    const shown = await withWrittenText(answer, context);
    expect(shown.result?.rows).toEqual(answer.result.rows);
    expect(shown.result?.written).toEqual([
      [0, 1, "17075400.0"],
      [1, 1, "9970610.0"],
    ]);
  });
});
