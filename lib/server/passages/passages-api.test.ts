import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/core/trace";
import { useLocalReasonerOnly, useTempDataDir } from "@/lib/server/testing/temp-data-dir";

useTempDataDir();
useLocalReasonerOnly();
const { POST: uploadRoute } = await import("@/app/api/datasets/route");
const passagesRoute = await import("@/app/api/datasets/[id]/passages/route");
const { GET: bipartiteRoute } = await import("@/app/api/datasets/[id]/bipartite/route");
const { POST: askRoute } = await import("@/app/api/datasets/[id]/ask/route");
const { closeSqlPool } = await import("@/lib/server/sql");
const { closeAppDb } = await import("@/lib/server/db/app-db");
const { deleteDataset } = await import("@/lib/server/lifecycle/dataset-files");
const { allLinks, allPassages } = await import("./store");
const { heliosIndexFor } = await import("./graph");

const fixtures = path.resolve("e2e/fixtures/helios");
const ctx = (id: string) => ({ params: Promise.resolve({ id }) }) as never;
let id = "";

function form(files: Array<{ name: string; content: string | Uint8Array }>): FormData {
  const f = new FormData();
  for (const file of files) f.append("files", new Blob([file.content as BlobPart]), file.name);
  return f;
}
const postPassages = (files: Array<{ name: string; content: string | Uint8Array }>, datasetId = id) =>
  passagesRoute.POST(
    new Request(`http://test/api/datasets/${datasetId}/passages`, { method: "POST", body: form(files) }),
    ctx(datasetId),
  );
const list = async (q = "") =>
  (
    await passagesRoute.GET(new Request(`http://test/api/datasets/${id}/passages?q=${encodeURIComponent(q)}`), ctx(id))
  ).json();

beforeAll(async () => {
  const res = await uploadRoute(
    new Request("http://test/api/datasets", {
      method: "POST",
      body: form([{ name: "films.csv", content: fs.readFileSync(path.join(fixtures, "films.csv"), "utf8") }]),
    }),
  );
  id = (await res.json()).id;
});
afterAll(() => {
  closeSqlPool();
  closeAppDb();
});

describe("passages of a dataset", () => {
  it("adds a JSONL file, links rows to passages and lists them with their links", async () => {
    const res = await postPassages([
      { name: "directors.jsonl", content: fs.readFileSync(path.join(fixtures, "directors.jsonl"), "utf8") },
    ]);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ added: 5, total: 5, problems: [] });
    expect(body.links).toBe(5);
    expect(body.notes.join(" ")).toMatch(/1 of 5 passages link to no table row/);
    const page = await list();
    expect(page.total).toBe(5);
    const mei = page.passages.find((p: { title: string }) => p.title === "Mei Lin (director)");
    expect(mei.links).toEqual([{ table: "films", rowId: 4, kind: "exact", column: "director" }]);
    expect((await list("tainan")).passages.map((p: { title: string }) => p.title)).toEqual(["Mei Lin (director)"]);
  });

  it("reports bad input per file and line and keeps the rest", async () => {
    const latin1 = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x6e, 0x6f, 0x69, 0x72]); // "Café noir" in Latin-1
    const res = await postPassages([
      {
        name: "more.jsonl",
        content:
          '{"title":"Gdansk","text":"A port city."}\nnot json\n{"text":"no title here"}\n{"title":"Tomas ' +
          'Berg","text":"Another Berg."}',
      },
      { name: "cafe.txt", content: latin1 },
      { name: "Night Train to Oslo.md", content: "A 1999 thriller set on a train." },
    ]);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.added).toBe(3);
    expect(body.problems).toEqual([
      { file: "more.jsonl", line: 2, message: expect.stringMatching(/Line 2 is not valid JSON/) },
      { file: "more.jsonl", line: 3, message: expect.stringMatching(/no title/) },
      { file: "cafe.txt", message: expect.stringMatching(/not UTF-8/) },
    ]);
    expect(body.notes.join(" ")).toMatch(/"Tomas Berg" .* already used; this passage is "Tomas Berg \(2\)"/);
    expect((await list("oslo")).passages[0].links).toEqual([
      { table: "films", rowId: 3, kind: "exact", column: "title" },
    ]);
  });

  it("refuses an upload where nothing is readable, and unknown datasets", async () => {
    const res = await postPassages([{ name: "bad.jsonl", content: "nope\n" }]);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({
      code: "no_passages",
      message: expect.stringMatching(/Line 1 is not valid JSON/),
    });
    expect((await passagesRoute.GET(new Request("http://test/x"), ctx("missing"))).status).toBe(404);
  });

  it("serves the bipartite graph", async () => {
    const g = await (await bipartiteRoute(new Request("http://test"), ctx(id))).json();
    expect(g.counts).toMatchObject({ segments: 4, passages: 8 });
    expect(g.links).toContainEqual({
      segment: "s:films:4",
      passage: expect.stringMatching(/^p:\d+$/),
      kind: "exact",
      score: 1,
      column: "director",
    });
  });

  it("answers with HELIOS from a linked passage, with the trace", async () => {
    const res = await askRoute(
      new Request(`http://test/api/datasets/${id}/ask`, {
        method: "POST",
        body: JSON.stringify({ question: "Where was the director of Glass Rivers born?", method: "helios" }),
        headers: { "content-type": "application/json", accept: "application/json" },
      }),
      ctx(id),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { answer: { text: string; passages: string[] }; events: TraceEvent[] };
    expect(body.answer.text).toBe("Tainan");
    for (const t of [
      "edge-retrieval",
      "rerank",
      "seed-selection",
      "expansion",
      "aggregation",
      "passage-verification",
      "answer",
    ])
      expect(
        body.events.some((e) => e.type === t),
        t,
      ).toBe(true);
    expect(body.events[0]).toMatchObject({
      type: "run-start",
      method: "helios",
      params: { k1: 400, k2: 100, beam: 10 },
    });
  }, 30_000);
});

describe("deleting a dataset with passages", () => {
  it("removes its passages, links and cached HELIOS index with it", async () => {
    const res = await uploadRoute(
      new Request("http://test/api/datasets", {
        method: "POST",
        body: form([{ name: "films.csv", content: fs.readFileSync(path.join(fixtures, "films.csv"), "utf8") }]),
      }),
    );
    const doomed = (await res.json()).id;
    expect(
      (
        await postPassages(
          [{ name: "directors.jsonl", content: fs.readFileSync(path.join(fixtures, "directors.jsonl")) }],
          doomed,
        )
      ).status,
    ).toBe(201);
    expect((await allLinks(doomed)).length).toBeGreaterThan(0);
    await heliosIndexFor(doomed); // cached in memory now
    expect(await deleteDataset(doomed)).toBe(true);
    await expect(heliosIndexFor(doomed), "no stale index of a deleted dataset").rejects.toThrow(/no dataset/i);
    expect(await allPassages(doomed)).toEqual([]);
    expect(await allLinks(doomed)).toEqual([]);
    expect((await allPassages(id)).length, "another dataset's passages stay").toBeGreaterThan(0);
  });
});

describe("passages uploaded with the tables", () => {
  it("imports the tables, adds the passages and reports them as notes; passages alone are refused", async () => {
    const res = await uploadRoute(
      new Request("http://test/api/datasets", {
        method: "POST",
        body: form([
          { name: "films.csv", content: fs.readFileSync(path.join(fixtures, "films.csv"), "utf8") },
          { name: "directors.jsonl", content: fs.readFileSync(path.join(fixtures, "directors.jsonl"), "utf8") },
          {
            name: "Glass Rivers.md",
            content: "# Glass Rivers\n\nGlass Rivers is a 2001 film shot on the Tamsui River.",
          },
        ]),
      }),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.tables.map((t: { name: string }) => t.name)).toEqual(["films"]);
    expect(body.notes).toContain("Passages: 6 added, 6 links from rows to 5 of them.");
    const alone = await uploadRoute(
      new Request("http://test/api/datasets", {
        method: "POST",
        body: form([{ name: "directors.jsonl", content: "{}" }]),
      }),
    );
    expect(alone.status).toBe(400);
    expect((await alone.json()).error.code).toBe("no_tables");
  });
});

describe("a long-text column as passages", () => {
  it("turns each row's text into a passage titled by another column, and refuses unknown columns", async () => {
    const csv =
      'name,bio\nMei Lin,"Mei Lin is a Taiwanese director. She was born in Tainan."\nTomas Berg,"Tomas Berg was ' +
      'born in Malmo."\nNobody,\n';
    const created = await (
      await uploadRoute(
        new Request("http://test/api/datasets", { method: "POST", body: form([{ name: "people.csv", content: csv }]) }),
      )
    ).json();
    const post = (body: unknown) =>
      passagesRoute.POST(
        new Request("http://test/x", {
          method: "POST",
          body: JSON.stringify(body),
          headers: { "content-type": "application/json" },
        }),
        ctx(created.id),
      );
    const res = await post({ fromColumn: { table: "people", column: "bio", titleColumn: "name" } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ added: 2, links: 2, problems: [] });
    expect((await post({ fromColumn: { table: "people", column: "nope" } })).status).toBe(400);
    expect((await post({ column: "bio" })).status).toBe(400);
  });
});
