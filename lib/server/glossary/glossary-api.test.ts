import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_GLOSSARY_ENTRIES } from "@/lib/core/model/limits";
import { findValueHints } from "@/lib/core/reasoner/question/value-hints";
import { checkGlossaryImport } from "@/lib/core/retrieval/glossary";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

useTempDataDir();
process.env.SEED_SAMPLE = "1";
const { seedSampleIfNeeded } = await import("@/lib/server/startup");
const { listDatasets } = await import("@/lib/server/stores/datasets");
const { closeAppDb } = await import("@/lib/server/db/app-db");
const route = await import("@/app/api/datasets/[id]/glossary/route");
const exportRoute = await import("@/app/api/datasets/[id]/schema-graph/export/route");
const { buildRetrievalPorts } = await import("@/lib/server/methods/retrieval-ports");

let id = "";
const ctx = () => ({ params: Promise.resolve({ id }) }) as never;
const call = (method: "GET" | "POST" | "PATCH" | "DELETE", query = "", body?: unknown) =>
  route[method](
    new Request(`http://test/api/datasets/${id}/glossary${query}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
    }),
    ctx(),
  );

beforeAll(async () => {
  await seedSampleIfNeeded();
  id = (await listDatasets())[0].id;
}, 120_000);
afterAll(() => closeAppDb());

describe("glossary API and its seam into the retrieval ports", () => {
  it("keeps entries, refuses bad ones, and the ports read them", async () => {
    const column = await call("POST", "", { phrase: "area", target: "column", column: "counties.region" });
    expect(column.status).toBe(201);
    const filter = await call("POST", "", {
      phrase: "the bay",
      target: "filter",
      column: "counties.region",
      value: "Bay Area",
    });
    expect(filter.status).toBe(201);
    expect((await call("POST", "", { phrase: "Area", target: "column", column: "counties.name" })).status).toBe(409);
    expect((await call("POST", "", { phrase: "x", target: "column", column: "nope.x" })).status).toBe(400);
    expect((await call("POST", "", { phrase: "y", target: "value", column: "counties.name" })).status).toBe(400);
    const { entries } = await (await call("GET")).json();
    expect(entries.map((e: { phrase: string }) => e.phrase)).toEqual(["area", "the bay"]);

    const ports = await buildRetrievalPorts(id, { reasoner: "local" });
    const region = ports.schema.tables.find((t) => t.name === "counties")!.columns.find((c) => c.column === "region")!;
    expect(region.expandedName).toMatch(/; area$/);
    expect(region.description).toMatch(/Also called: area\.$/);
    const hints = await findValueHints("How many schools are in the bay?", ports);
    expect(hints[0]).toMatchObject({ phrase: "the bay", table: "counties", column: "region", value: "Bay Area" });

    const file = await (await exportRoute.GET(new Request("http://test/export"), ctx())).json();
    expect(file.glossary).toHaveLength(2);
    const edited = await call("PATCH", `?id=${entries[0].id}`, { phrase: "zone" });
    expect((await edited.json()).phrase).toBe("zone");
    expect((await call("DELETE", `?id=${entries[0].id}`)).status).toBe(200);
    expect((await call("DELETE", `?id=${entries[0].id}`)).status).toBe(404);
  });

  it("keeps at most MAX_GLOSSARY_ENTRIES entries and refuses long text, each with a 4xx naming the limit", async () => {
    const long = await call("POST", "", { phrase: "p".repeat(101), target: "column", column: "counties.name" });
    expect(long.status).toBe(400);
    expect((await long.json()).error.message).toContain("MAX_GLOSSARY_PHRASE_CHARS");
    const note = await call("POST", "", {
      phrase: "q",
      target: "column",
      column: "counties.name",
      note: "n".repeat(501),
    });
    expect((await note.json()).error.message).toContain("MAX_GLOSSARY_TEXT_CHARS");
    const have = (await (await call("GET")).json()).entries.length as number;
    const { saveGlossaryEntry } = await import("./store");
    for (let i = have; i < MAX_GLOSSARY_ENTRIES; i++)
      await saveGlossaryEntry(id, { phrase: `term ${i}`, target: "column", column: "counties.name" });
    const started = performance.now();
    const full = await call("POST", "", { phrase: "one more", target: "column", column: "counties.name" });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(full.status).toBe(409);
    expect((await full.json()).error).toMatchObject({ code: "glossary_full" });
    expect((await (await call("GET")).json()).entries).toHaveLength(MAX_GLOSSARY_ENTRIES);
  }, 60_000);
});

describe("an imported glossary", () => {
  it("is checked in one pass and cut at MAX_GLOSSARY_ENTRIES", () => {
    const columns = new Set(["t.c"]);
    const entries = Array.from({ length: 20_000 }, (_, i) => ({
      phrase: `w${i % 15_000}`,
      target: "column",
      column: "t.c",
    }));
    const started = performance.now();
    const report = checkGlossaryImport(entries, columns);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(report.accepted).toHaveLength(MAX_GLOSSARY_ENTRIES);
    expect(report.refused).toHaveLength(20_000 - MAX_GLOSSARY_ENTRIES);
    expect(report.refused[0].reason).toContain("MAX_GLOSSARY_ENTRIES");
  });
});
