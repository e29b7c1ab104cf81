import { beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

useTempDataDir();
const { POST: uploadRoute } = await import("@/app/api/datasets/route");
const { GET: rowsRoute } = await import("@/app/api/datasets/[id]/tables/[table]/rows/route");
const { GET: facetsRoute } = await import("@/app/api/datasets/[id]/tables/[table]/facets/route");

const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) }) as never;
const CSV = "name,kind,size\nOak Hall,school,12\noak park,park,3\nPine,school,7\nElm,,7\nAsh 50%,school,1\n";

let id = "";
beforeAll(async () => {
  const form = new FormData();
  form.append("files", new Blob([CSV]), "places.csv");
  id = (await (await uploadRoute(new Request("http://test/api/datasets", { method: "POST", body: form }))).json()).id;
});

async function rows(query: string) {
  const res = await rowsRoute(new Request(`http://test/rows?${query}`), ctx({ id, table: "places" }));
  return { status: res.status, body: await res.json() };
}
const names = (body: { rows: { values: unknown[] }[] }) => body.rows.map((r) => r.values[0]);

describe("grid filters and facets (rows and facets routes)", () => {
  it("filters by equality, by contained text (case-insensitive, % as a character) and by emptiness", async () => {
    const school = await rows("f.kind=eq:school");
    expect(names(school.body)).toEqual(["Oak Hall", "Pine", "Ash 50%"]);
    expect(school.body.total).toBe(3);
    expect(names((await rows("f.name=has:OAK")).body)).toEqual(["Oak Hall", "oak park"]);
    expect(names((await rows(`f.name=has:${encodeURIComponent("0%")}`)).body)).toEqual(["Ash 50%"]);
    expect(names((await rows("f.kind=null")).body)).toEqual(["Elm"]);
    const both = await rows("f.kind=eq:school&f.size=eq:7&sort=name");
    expect(names(both.body)).toEqual(["Pine"]);
    expect(both.body.total).toBe(1);
  });

  it("refuses a malformed filter or an unknown column with a message", async () => {
    for (const q of ["f.kind=like:x", "f.nope=eq:1"]) {
      const res = await rows(q);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/filter|column/);
    }
  });

  it("counts a column's values among the rows the other filters keep, most frequent first", async () => {
    const facet = async (query: string) =>
      (await facetsRoute(new Request(`http://test/facets?${query}`), ctx({ id, table: "places" }))).json();
    expect(await facet("column=kind")).toEqual({
      column: "kind",
      values: [
        { value: "school", count: 3 },
        { value: null, count: 1 },
        { value: "park", count: 1 },
      ],
      more: false,
    });
    // Its own filter is left out; another column's filter applies.
    expect((await facet("column=kind&f.kind=eq:park&f.name=has:oak")).values).toEqual([
      { value: "park", count: 1 },
      { value: "school", count: 1 },
    ]);
  });
});
