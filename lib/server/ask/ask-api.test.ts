import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTraceStream } from "@/components/workbench/api/traceStream";
import type { TraceEvent } from "@/lib/core/trace";
import { useLocalReasonerOnly, useTempDataDir } from "@/lib/server/testing/temp-data-dir";

const dataDir = useTempDataDir();
process.env.SEED_SAMPLE = "1";
useLocalReasonerOnly();

const { seedSampleIfNeeded } = await import("@/lib/server/startup");
const { listDatasets } = await import("@/lib/server/stores/datasets");
const { closeSqlPool } = await import("@/lib/server/sql");
const { closeAppDb } = await import("@/lib/server/db/app-db");
const { POST: askRoute } = await import("@/app/api/datasets/[id]/ask/route");
const { GET: runRoute } = await import("@/app/api/runs/[id]/route");
const { GET: runsRoute } = await import("@/app/api/datasets/[id]/runs/route");
const { GET: reasonersRoute } = await import("@/app/api/reasoners/route");
const { GET: methodsRoute } = await import("@/app/api/methods/route");
const { GET: rowsRoute } = await import("@/app/api/datasets/[id]/tables/[table]/rows/route");

const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) }) as never;
let datasetId = "";

function ask(body: unknown, accept = "application/json", id = datasetId): Promise<Response> {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  return askRoute(
    new Request(`http://test/api/datasets/${id}/ask`, {
      method: "POST",
      body: raw,
      headers: { "content-type": "application/json", accept },
    }),
    ctx({ id }),
  );
}

async function expectError(res: Response, status: number, code: string): Promise<string> {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(15);
  return body.error.message;
}

/** sha256 of the dataset's row files: a question must never change them. */
function datasetHash(): string {
  const dir = path.join(dataDir, "datasets", datasetId);
  const h = crypto.createHash("sha256");
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sqlite"))
    .sort();
  expect(files.length).toBeGreaterThan(0);
  for (const f of files) h.update(f).update(fs.readFileSync(path.join(dir, f)));
  return h.digest("hex");
}

beforeAll(async () => {
  await seedSampleIfNeeded();
  datasetId = (await listDatasets())[0].id;
}, 60_000);

afterAll(() => {
  closeSqlPool();
  closeAppDb();
});

describe("POST /api/datasets/:id/ask validation", () => {
  it.each([
    [{ question: "" }, "invalid_question", /empty/],
    [{ question: "   \n  " }, "invalid_question", /empty/],
    [{ question: "x".repeat(5000) }, "invalid_question", /5,000 characters.*2,000/],
    [{ question: 42 }, "invalid_question", /string/],
    [{}, "invalid_question", /string/],
    [{ question: "How many?", method: "sql" }, "unknown_method", /fgtr/],
    [{ question: "How many?", reasoner: "gpt" }, "unknown_reasoner", /local/],
    [{ question: "How many?", reasoner: "llm" }, "reasoner_unavailable", /LLM_BASE_URL/],
    [{ question: "How many?", params: { k: 0 } }, "invalid_params", /k/],
    [{ question: "How many?", params: { theta: 2 } }, "invalid_params", /theta/],
    [{ question: "How many?", params: [1] }, "invalid_params", /object/],
  ])("%j → 400 %s", async (body, code, message) => {
    expect(await expectError(await ask(body), 400, code)).toMatch(message);
  });

  it("refuses a body that is not JSON, and an unknown dataset", async () => {
    await expectError(await ask("{question:"), 400, "invalid_json");
    await expectError(
      await ask({ question: "How many schools?" }, "application/json", "nope"),
      404,
      "dataset_not_found",
    );
  });

  it("accepts a question of exactly 2,000 characters after trimming", async () => {
    const res = await ask({ question: `  ${"How many schools are there? ".repeat(80).slice(0, 2000)}  ` });
    expect(res.status).toBe(200);
    expect((await res.json()).events[0]).toMatchObject({ type: "run-start" });
  }, 30_000);
});

describe("JSON mode and stored runs", () => {
  it("returns {runId, answer, events} and stores the run with the same events", async () => {
    const res = await ask({
      question: "How many schools in Contra Costa county are directly funded?",
      method: "fgtr",
      reasoner: "local",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      runId: string;
      ok: boolean;
      answer: { text: string; sql?: string };
      events: TraceEvent[];
    };
    expect(body.ok).toBe(true);
    expect(body.answer.text).toBe("2");
    expect(body.events[0]).toMatchObject({
      type: "run-start",
      runId: body.runId,
      method: "fgtr",
      reasoner: "local",
      params: { k: 5, theta: 0.6 },
    });
    expect(body.events.at(-1)).toMatchObject({ type: "run-end", ok: true });
    expect(body.events.map((e) => e.seq)).toEqual(body.events.map((_, i) => i));
    for (const type of [
      "schema-vote",
      "schema-selection",
      "join-path",
      "column-range",
      "cell-hits",
      "sub-table",
      "sql",
      "answer",
    ]) {
      expect(
        body.events.some((e) => e.type === type),
        type,
      ).toBe(true);
    }

    const stored = await (await runRoute(new Request("http://test"), ctx({ id: body.runId }))).json();
    expect(stored).toMatchObject({
      id: body.runId,
      status: "done",
      question: "How many schools in Contra Costa county are directly funded?",
      answer: { text: "2" },
    });
    expect(stored.events).toEqual(body.events);
    const listed = await (
      await runsRoute(new Request(`http://test/api/datasets/${datasetId}/runs`), ctx({ id: datasetId }))
    ).json();
    expect(listed.runs.map((r: { id: string }) => r.id)).toContain(body.runId);
    expect(listed.runs[0]).not.toHaveProperty("events");
  }, 30_000);

  it("404s for unknown runs and datasets", async () => {
    await expectError(await runRoute(new Request("http://test"), ctx({ id: "missing" })), 404, "run_not_found");
    await expectError(await runsRoute(new Request("http://test/x"), ctx({ id: "missing" })), 404, "dataset_not_found");
  });

  it("answers SQL typed into the question without running it, and leaves the dataset's files unchanged", async () => {
    const before = datasetHash();
    const res = await ask({ question: "'; DROP TABLE schools; -- how many schools?" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.events.at(-1)).toMatchObject({ type: "run-end" });
    expect(body.ok ? body.answer.text.length : body.error.message.length).toBeGreaterThan(0);
    expect(datasetHash()).toBe(before);
  }, 30_000);
});

describe("streaming mode", () => {
  it("streams data-trace parts in seq order, run-start first, then the answer and run-end", async () => {
    const res = await ask(
      { question: "How many schools in Contra Costa county are directly funded?" },
      "text/event-stream",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events: TraceEvent[] = [];
    const problems: unknown[] = [];
    const end = await readTraceStream(res.body!, {
      onEvent: (e) => events.push(e),
      onProblem: (p) => problems.push(p),
    });
    expect(end.error).toBeNull();
    expect(problems).toEqual([]);
    expect(events[0].type).toBe("run-start");
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    expect(events.find((e) => e.type === "answer")).toMatchObject({ text: "2" });
    expect(events.at(-1)?.type).toBe("run-end");
  }, 30_000);
});

describe("GET /api/reasoners, /api/methods and rows by id", () => {
  it("offers local always and says how to configure an llm", async () => {
    const body = await (await reasonersRoute()).json();
    expect(body.reasoners[0]).toMatchObject({ id: "local", available: true });
    expect(body.reasoners[1]).toMatchObject({
      id: "llm",
      available: false,
      howToConfigure: expect.stringContaining("OPENAI_API_KEY"),
    });
    expect(body.howToConfigure).toContain("LLM_BASE_URL");
  });

  it("lists the methods with FGTR's parameter schema", async () => {
    const { methods } = await (await methodsRoute()).json();
    expect(methods.map((m: { id: string }) => m.id)).toEqual(["fgtr", "sgam", "graphotter", "helios"]);
    expect(methods[0].params.properties.k).toMatchObject({ type: "integer", default: 5, minimum: 1 });
    expect(methods[0].params.properties.theta).toMatchObject({ default: 0.6 });
    expect(methods.every((m: { note: unknown }) => m.note === null)).toBe(true);
  });

  it("says, for one dataset, what HELIOS lacks there (the client shows it, not decides it)", async () => {
    // An id with no passage rows stands for a dataset without passages (the sample gets some at start).
    const res = await methodsRoute(new Request("http://localhost/api/methods?dataset=no-passages-here"));
    const { methods } = await res.json();
    expect(methods.find((m: { id: string }) => m.id === "helios").note).toBe("add passages first");
    expect(methods.find((m: { id: string }) => m.id === "fgtr").note).toBeNull();
  });

  it("reads rows by rowid and refuses bad lists", async () => {
    const get = (query: string) =>
      rowsRoute(new Request(`http://test/rows?${query}`), ctx({ id: datasetId, table: "counties" }));
    const body = await (await get("rowIds=3,1,99")).json();
    expect(body.rows.map((r: { rowId: number; values: unknown[] }) => [r.rowId, r.values[1]])).toEqual([
      [1, "Los Angeles"],
      [3, "Fresno"],
    ]);
    expect((await (await get("rowIds=")).json()).rows).toEqual([]);
    await expectError(await get("rowIds=1,two"), 400, "invalid_request");
    await expectError(
      await get(`rowIds=${Array.from({ length: 1001 }, (_, i) => i).join(",")}`),
      400,
      "invalid_request",
    );
  });
});
