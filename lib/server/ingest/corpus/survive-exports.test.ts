import fs from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_GLOSSARY_ENTRIES } from "@/lib/core/model/limits";
import type { AnswerResultTable, TraceEvent } from "@/lib/core/trace";
import { FORMULA_CELLS } from "@/lib/core/util/testing/formula-payloads";
import { resultCsv } from "@/components/workbench/answer/resultCsv";
import { useLocalReasonerOnly, useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { formulaItemsCsv, slowToIndexCsv } from "./cases-statements";
import { jsonRequest, params, type ProbeReport, serveHome, startPoller, uploadRequest } from "./survive-harness";

// Issue 35's exports, re-import, glossary and run-address breaks through the real route handlers
// while a second process polls GET /: no CSV the app writes runs a formula, a re-import during the
// first index never answers 500, the glossary stops at its limit with a 4xx, a run is shown only
// under its own dataset. GET / answers within 1 s throughout.
const dataDir = useTempDataDir();
useLocalReasonerOnly();
process.env.AUTO_INDEX = "1";
const { GET: listRoute, POST: uploadRoute } = await import("@/app/api/datasets/route");
const { POST: askRoute } = await import("@/app/api/datasets/[id]/ask/route");
const { POST: sqlRoute } = await import("@/app/api/datasets/[id]/sql/route");
const { PATCH: tableRoute } = await import("@/app/api/datasets/[id]/tables/[table]/route");
const glossaryRoute = await import("@/app/api/datasets/[id]/glossary/route");
const setsRoute = await import("@/app/api/datasets/[id]/question-sets/route");
const batchesRoute = await import("@/app/api/question-sets/[id]/batches/route");
const exportRoute = await import("@/app/api/batches/[id]/export/route");
const { whenIndexingIdle } = await import("@/lib/server/index/queue");
const { getIndexStatus } = await import("@/lib/server/index/status");
const { runnerIdle } = await import("@/lib/server/batches/runner");
const { runHomeAddress } = await import("@/lib/server/runs/run-home");
const { closeSqlPool } = await import("@/lib/server/sql");

const GET_SLASH_MS = 1000;
let home: Awaited<ReturnType<typeof serveHome>>;
let poller: ReturnType<typeof startPoller>;
let items = "";

const upload = async (name: string, text: string) => {
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, text);
  const res = await uploadRoute(await uploadRequest([{ path: file, name }]));
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; tables: Array<{ name: string }> };
};

beforeAll(async () => {
  home = await serveHome(() => listRoute());
  poller = startPoller(home.url);
  items = (await upload("items.csv", formulaItemsCsv())).id;
  await whenIndexingIdle();
}, 180_000);
afterAll(async () => {
  poller.stop();
  await home.close();
  await closeSqlPool();
});

async function measured<T>(act: () => Promise<T>): Promise<T> {
  await poller.report();
  const value = await act();
  await new Promise((resolve) => setTimeout(resolve, 250));
  const probe: ProbeReport = await poller.report();
  expect(probe.failures, "GET / failed").toBe(0);
  expect(probe.worst, `GET / took ${Math.round(probe.worst)} ms at worst`).toBeLessThan(GET_SLASH_MS);
  return value;
}

/** Every cell of a CSV, parsed as a spreadsheet reads it: none may start like a formula. */
function expectNoFormula(csv: string, payloads: readonly string[]): void {
  const cells = Papa.parse<string[]>(csv, { newline: "\r\n" }).data.flat();
  expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^[+-]?\d/.test(c))).toEqual([]);
  for (const payload of payloads) expect(cells).toContain(`'${payload}`);
}

describe("every CSV the app writes", () => {
  it("from an answer and from the SQL box: formula cells are prefixed", async () => {
    const body = { question: "Which item has the highest price?", method: "fgtr" };
    const asked = await measured(() =>
      askRoute(jsonRequest("POST", body, { accept: "application/json" }), params({ id: items })),
    );
    const answer = ((await asked.json()).events as TraceEvent[]).find((e) => e.type === "answer") as
      | { result?: AnswerResultTable }
      | undefined;
    expect(answer?.result?.rows.flat()).toContain(FORMULA_CELLS.at(-1));
    expectNoFormula(resultCsv(answer!.result!), [FORMULA_CELLS.at(-1)!]);
    const res = await measured(() =>
      sqlRoute(jsonRequest("POST", { sql: "SELECT name, price FROM items" }), params({ id: items })),
    );
    const result = await res.json();
    expectNoFormula(
      resultCsv({ columns: result.columns, rows: result.rows, rowCount: result.rows.length, cut: false }),
      FORMULA_CELLS,
    );
  }, 60_000);

  it("from a batch: its questions, predictions and gold are prefixed too", async () => {
    const lines = FORMULA_CELLS.slice(0, 3).map((payload) =>
      JSON.stringify({ question: `${payload} which item has the highest price?`, answer: [payload] }),
    );
    const form = new FormData();
    form.append("file", new Blob([`${lines.join("\n")}\n`]), "formulas.jsonl");
    const set = await (
      await setsRoute.POST(new Request("http://t/x", { method: "POST", body: form }), params({ id: items }))
    ).json();
    const init = {
      method: "POST",
      body: JSON.stringify({ methods: ["fgtr"] }),
      headers: { "content-type": "application/json" },
    };
    const { batchId } = await (await batchesRoute.POST(new Request("http://t/x", init), params({ id: set.id }))).json();
    await measured(() => runnerIdle());
    const res = await exportRoute.GET(new Request("http://t/x?format=csv"), params({ id: batchId }));
    expectNoFormula(
      await res.text(),
      FORMULA_CELLS.slice(0, 3).map((p) => `${p} which item has the highest price?`),
    );
  }, 120_000);
});

it("a re-import during the first index never answers 500, and the index then completes", async () => {
  const { id, tables } = await upload("people.csv", slowToIndexCsv(60_000));
  const statuses: number[] = [];
  for (const headerRows of [0, 1, 0, 1, 0, 1]) {
    const res = await measured(() =>
      tableRoute(jsonRequest("PATCH", { headerRows }), params({ id, table: tables[0].name })),
    );
    statuses.push(res.status);
    if (res.status !== 200) expect((await res.json()).error.code).toBe("database_busy");
  }
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
  await whenIndexingIdle();
  expect((await getIndexStatus(id)).status).toBe("ready");
}, 300_000);

it("the glossary stops at MAX_GLOSSARY_ENTRIES with a 409, each entry added in bounded time", async () => {
  const post = (i: number) =>
    glossaryRoute.POST(
      jsonRequest("POST", { phrase: `term ${i}`, target: "column", column: "items.price" }),
      params({ id: items }),
    );
  const statuses = await measured(async () => {
    const out: number[] = [];
    // Each as its own request: the app database's file client resolves in microtasks, so a loop of
    // awaits would never let the poll in; requests from the network each arrive as a new task.
    for (let i = 0; i < MAX_GLOSSARY_ENTRIES + 20; i++) {
      out.push((await post(i)).status);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return out;
  });
  expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_GLOSSARY_ENTRIES);
  expect(statuses.slice(MAX_GLOSSARY_ENTRIES)).toEqual(Array(20).fill(409));
  const started = performance.now();
  await post(10_000);
  expect(performance.now() - started).toBeLessThan(1000);
}, 300_000);

it("a run's address under another dataset leads to its own dataset", async () => {
  const other = (await upload("other.csv", "a,b\n1,2\n")).id;
  const asked = await askRoute(
    jsonRequest(
      "POST",
      { question: "Which item has the highest price?", method: "sgam" },
      { accept: "application/json" },
    ),
    params({ id: items }),
  );
  const { runId } = await asked.json();
  expect(await runHomeAddress(other, { run: runId })).toBe(`/datasets/${items}/ask?run=${runId}`);
  expect(await runHomeAddress(items, { run: runId })).toBeNull();
  expect(await runHomeAddress(other, { run: "no-such-run" })).toBeNull();
}, 60_000);
