import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useLocalReasonerOnly, useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { SURVIVE_FILES } from "./cases-survive";
import { ensureCorpusFile } from "./files";
import {
  hashDatasets,
  jsonRequest,
  params,
  type ProbeReport,
  serveHome,
  startPoller,
  streamedBody,
  uploadRequest,
} from "./survive-harness";

// Issue 27's inputs that stopped the server or replaced data, each rebuilt by its generator
// (cases-survive.ts) and sent through the real route handlers, as the browser sends them, while
// another process polls GET / (the home page's dataset list, served by the real handler from this
// process). Each must end with a clear 4xx or an import with notes; GET / must answer within 2 s
// throughout; every other dataset's files must stay byte-identical.
const dataDir = useTempDataDir();
useLocalReasonerOnly();
process.env.AUTO_INDEX = "1";
const { GET: listRoute, POST: uploadRoute } = await import("@/app/api/datasets/route");
const { PATCH: tableRoute } = await import("@/app/api/datasets/[id]/tables/[table]/route");
const { GET: rowsRoute } = await import("@/app/api/datasets/[id]/tables/[table]/rows/route");
const { GET: graphRoute } = await import("@/app/api/datasets/[id]/schema-graph/route");
const { POST: askRoute } = await import("@/app/api/datasets/[id]/ask/route");
const { whenIndexingIdle } = await import("@/lib/server/index/queue");
const { getIndexStatus } = await import("@/lib/server/index/status");
const { closeSqlPool } = await import("@/lib/server/sql");

const GET_SLASH_MS = 2000;
let home: Awaited<ReturnType<typeof serveHome>>;
let poller: ReturnType<typeof startPoller>;

beforeAll(async () => {
  home = await serveHome(() => listRoute());
  poller = startPoller(home.url);
  // A dataset that is there before, indexed and asked: it must come out of every case byte for
  // byte. Indexing and asking it also loads what the server loads on first use (models, word
  // lists, code), as a server that has answered before has: the cases measure a running server.
  const cities = path.join(dataDir, "cities.csv");
  const counties = path.join(dataDir, "counties.csv");
  fs.writeFileSync(cities, "city,county,population\nFresno,Fresno,542107\nOakland,Alameda,433031\n");
  fs.writeFileSync(counties, "county,seat\nFresno,Fresno\nAlameda,Oakland\n");
  const res = await uploadRoute(
    await uploadRequest([
      { path: cities, name: "cities.csv" },
      { path: counties, name: "counties.csv" },
    ]),
  );
  expect(res.status).toBe(201);
  const id = String((await res.json()).id);
  await whenIndexingIdle();
  for (const method of ["fgtr", "sgam", "graphotter", "helios"]) {
    const question = { question: "Which city has the largest population?", method };
    expect((await askRoute(jsonRequest("POST", question, { accept: "application/json" }), params({ id }))).status).toBe(
      200,
    );
  }
}, 120_000);
afterAll(async () => {
  poller.stop();
  await home.close();
  closeSqlPool();
});

type Outcome = { status: number; body: Record<string, unknown>; probe: ProbeReport };

/**
 * Runs one case: `act` while the poller measures, then the checks every case shares: GET / kept
 * answering, the other datasets are unchanged, nothing is left in tmp/. Indexing the case's
 * dataset (when it imported) is part of the case.
 */
async function survive(act: () => Promise<Response>, changing?: string): Promise<Outcome> {
  const before = hashDatasets(dataDir);
  if (changing) before.delete(changing);
  await poller.report(); // starts a fresh measurement
  const res = await act();
  const text = await res.text();
  await whenIndexingIdle();
  // At least two polls answered after the case, so a quick case is measured too.
  await new Promise((resolve) => setTimeout(resolve, 350));
  const probe = await poller.report();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  expect(probe.failures, "GET / failed while the case ran").toBe(0);
  expect(probe.answers).toBeGreaterThan(0);
  expect(probe.worst, `GET / took ${Math.round(probe.worst)} ms at worst`).toBeLessThan(GET_SLASH_MS);
  const after = hashDatasets(dataDir);
  for (const [id, hash] of before) expect(after.get(id), `dataset ${id} changed`).toBe(hash);
  expect(fs.readdirSync(path.join(dataDir, "tmp")).filter((f) => !f.startsWith("deleted-"))).toEqual([]);
  return { status: res.status, body, probe };
}

const upload = async (...files: Array<{ file: keyof typeof SURVIVE_FILES; as?: string }>) => {
  const paths = await Promise.all(files.map((f) => ensureCorpusFile(SURVIVE_FILES[f.file])));
  const request = await uploadRequest(
    files.map((f, i) => ({ path: paths[i], name: f.as ?? SURVIVE_FILES[f.file].file })),
  );
  return () => uploadRoute(request);
};
const error = (o: Outcome) => o.body.error as { code: string; message: string };
type Table = { name: string; columns: Array<{ name: string; type: string }> };
const tables = (o: Outcome) => o.body.tables as Table[];
/** The upload's notes, each "table: note". */
const notes = (o: Outcome) => (o.body.notes as string[]).join("\n");
const rowsOf = async (id: string, table: string) =>
  (
    (await (await rowsRoute(new Request("http://127.0.0.1/rows"), params({ id, table }))).json()).rows as Array<{
      values: unknown[];
    }>
  ).map((r) => r.values);

describe("files that stopped the server, and data that was replaced", () => {
  it("a CSV whose header is one 100,000-character name imports, cut, and is indexed", async () => {
    const o = await survive(await upload({ file: "longHeader" }));
    expect(o.status).toBe(201);
    const [t] = tables(o);
    expect(t.columns[0].name).toHaveLength(256);
    expect(notes(o)).toContain("Header 1 is 100,000 characters long; its name keeps the first 256 (MAX_NAME_CHARS)");
    expect((await getIndexStatus(String(o.body.id))).status).toBe("ready");
  }, 120_000);

  it("an XLSX of 240,000 rows × 50 numbers is refused at the cell limit, with the limit named", async () => {
    const o = await survive(await upload({ file: "bigWorkbook" }));
    expect(o.status).toBe(413);
    expect(error(o).code).toBe("xlsx_too_many_cells");
    expect(error(o).message).toMatch(/numbers-240k-x50\.xlsx has more than 5,000,000 cells.*\(MAX_WORKBOOK_CELLS\)/);
  }, 600_000);

  it("a SQLite file of 3,000 tables keyed `a` is refused at the table limit", async () => {
    const o = await survive(await upload({ file: "manyKeyedTables" }));
    expect(o.status).toBe(413);
    expect(error(o).code).toBe("too_many_tables");
    expect(error(o).message).toContain("keys-3000.sqlite has 3,000 tables and views; a dataset holds at most 2,000");
  }, 300_000);

  it("400 tables keyed `a` are indexed; their schema graph is bounded and says why no name joins them", async () => {
    const o = await survive(await upload({ file: "someKeyedTables" }));
    expect(o.status).toBe(201);
    const id = String(o.body.id);
    const started = performance.now();
    const graph = await (await graphRoute(new Request("http://127.0.0.1/g"), params({ id }))).json();
    expect(performance.now() - started).toBeLessThan(GET_SLASH_MS * 5);
    expect(graph.nodes).toHaveLength(400);
    expect(graph.edges.filter((e: { kind: string }) => e.kind === "join")).toEqual([]);
    expect(graph.notes.join(" ")).toContain('400 tables have a key named "a"');
    const asked = await survive(() =>
      askRoute(
        jsonRequest(
          "POST",
          { question: "How many rows does t7 have?", method: "fgtr" },
          { accept: "application/json" },
        ),
        params({ id }),
      ),
    );
    expect(asked.status).toBe(200);
    expect(asked.body.ok).toBe(true);
  }, 600_000);

  it("HELIOS parameters past what the trace and time allow are a 400 naming them; the largest run", async () => {
    process.env.AUTO_INDEX = "0"; // HELIOS needs no index; 200,000 rows would take minutes to index here
    const o = await survive(await upload({ file: "bigTable" }));
    process.env.AUTO_INDEX = "1";
    expect(o.status).toBe(201);
    const id = String(o.body.id);
    const ask = (p: Record<string, number>) => () =>
      askRoute(
        jsonRequest(
          "POST",
          { question: "Which person in Fresno has the highest score?", method: "helios", params: p },
          { accept: "application/json" },
        ),
        params({ id }),
      );
    const wide = await survive(ask({ k1: 1000, k2: 1000, beam: 100 }));
    expect(wide.status).toBe(400);
    expect(error(wide)).toMatchObject({ code: "invalid_params" });
    expect(error(wide).message).toMatch(/Parameter beam: .*20/);
    expect(error(await survive(ask({ k1: 1001 })))).toMatchObject({ code: "invalid_params" });
    const largest = await survive(ask({ k1: 1000, k2: 1000, beam: 20 }));
    expect(largest.status).toBe(200);
    expect(largest.body.error).toBeNull();
    expect(largest.body.ok).toBe(true);
  }, 600_000);

  it("files whose names clean alike are distinct tables; a header-depth re-import keeps each one's rows", async () => {
    const o = await survive(
      await upload(
        { file: "reportSpace", as: "report 2024.csv" },
        { file: "reportUnderscore", as: "report_2024.csv" },
        { file: "dataOne", as: "data.csv" },
        { file: "dataTwo", as: "data.csv" },
      ),
    );
    expect(o.status).toBe(201);
    const id = String(o.body.id);
    const names = tables(o).map((t) => t.name);
    expect(new Set(names).size).toBe(4);
    for (const name of [...names].reverse()) {
      const res = await survive(
        () => tableRoute(jsonRequest("PATCH", { headerRows: 2 }), params({ id, table: name })),
        id,
      );
      expect(res.status).toBe(200);
    }
    const rows = await Promise.all(names.map((name) => rowsOf(id, name)));
    expect(rows.map((r) => r.map((cells) => cells.join(" ")))).toEqual([
      ["North 10"],
      ["South 20", "East 30"],
      ["a 1"],
      ["b 2", "c 3", "d 4"],
    ]);
  }, 120_000);

  it("Zürich.csv is named Zürich; one bad byte leaves a UTF-8 file UTF-8, its line named", async () => {
    const o = await survive(await upload({ file: "zurich", as: "Zürich.csv" }, { file: "oneBadByte" }));
    expect(o.status).toBe(201);
    expect(o.body.name).toBe("Zürich + utf8-one-bad-byte");
    const [zurich, bad] = tables(o);
    expect(zurich.name).toBe("Zürich");
    expect(notes(o)).toContain(
      "utf8-one-bad-byte: utf8-one-bad-byte.csv is UTF-8, but 1 byte sequence in it is not (line 2,002)",
    );
    const rows = await rowsOf(String(o.body.id), bad.name);
    expect(rows.filter((r) => r[0] === "Zürich")).toHaveLength(200); // the grid's first page
  }, 120_000);

  it("an oversized JSON body is refused while it streams in, not after it is read whole", async () => {
    const body = streamedBody(400 << 20);
    const o = await survive(() => askRoute(body.request, params({ id: "anything" })));
    expect(o.status).toBe(413);
    expect(error(o).message).toContain("MAX_JSON_BODY_BYTES");
    expect(body.sent()).toBeLessThan(4 << 20);
  });
});
