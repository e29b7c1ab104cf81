import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCompareStream } from "@/components/compare/compareStream";
import type { CompareStreamPart } from "@/lib/core/api/compare";
import type { RunDiff } from "@/lib/core/compare/diff";
import { useLocalReasonerOnly, useTempDataDir } from "@/lib/server/testing/temp-data-dir";

useTempDataDir();
process.env.SEED_SAMPLE = "1";
useLocalReasonerOnly();

const { seedSampleIfNeeded } = await import("@/lib/server/startup");
const { listDatasets } = await import("@/lib/server/stores/datasets");
const { listRuns } = await import("@/lib/server/stores/runs");
const { closeSqlPool } = await import("@/lib/server/sql");
const { closeAppDb } = await import("@/lib/server/db/app-db");
const { POST: compareRoute } = await import("@/app/api/datasets/[id]/compare/route");
const { GET: getCompareRoute } = await import("@/app/api/compares/[id]/route");
const { GET: diffRoute } = await import("@/app/api/runs/[id]/diff/[other]/route");
const { POST: rerunRoute } = await import("@/app/api/runs/[id]/rerun/route");
const { POST: askRoute } = await import("@/app/api/datasets/[id]/ask/route");
const { GET: runRoute } = await import("@/app/api/runs/[id]/route");

const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) }) as never;
let datasetId = "";
const post = (url: string, body: unknown, accept = "application/json") =>
  new Request(`http://test${url}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", accept },
  });
const compare = (body: unknown, accept?: string, id = datasetId) =>
  compareRoute(post(`/api/datasets/${id}/compare`, body, accept), ctx({ id }));
const rerun = (id: string, body: unknown) => rerunRoute(post(`/api/runs/${id}/rerun`, body), ctx({ id }));

async function expectError(res: Response, status: number, code: string, culprit: RegExp) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body.error.code).toBe(code);
  expect(body.error.message).toMatch(culprit);
}

beforeAll(async () => {
  await seedSampleIfNeeded();
  datasetId = (await listDatasets())[0].id;
}, 60_000);
afterAll(() => {
  closeSqlPool();
  closeAppDb();
});

describe("POST /api/datasets/:id/compare", () => {
  it("refuses bad input naming the culprit, and stores nothing", async () => {
    const before = (await listRuns(datasetId)).length;
    const q = "How many schools?";
    await expectError(await compare({ question: q, methods: ["fgtr", "tapas"] }), 400, "unknown_method", /"tapas"/);
    await expectError(await compare({ question: q, methods: ["fgtr"] }), 400, "invalid_methods", /at least 2/);
    await expectError(await compare({ question: q, methods: ["fgtr", "fgtr"] }), 400, "invalid_methods", /once/);
    const badParam = { question: q, methods: ["fgtr", "sgam"], params: { fgtr: { k: 0 } } };
    await expectError(await compare(badParam), 400, "invalid_params", /FGTR.*k/);
    await expectError(
      await compare({ question: q, methods: ["fgtr", "sgam"] }, undefined, "nope"),
      404,
      "dataset_not_found",
      /nope/,
    );
    expect((await listRuns(datasetId)).length).toBe(before);
  });

  it("streams parts tagged by method, every run-start first; GET /api/compares/:id replays the answers", async () => {
    const res = await compare(
      { question: "Which county has the most schools?", methods: ["fgtr", "sgam", "graphotter"] },
      "text/event-stream",
    );
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const parts: CompareStreamPart[] = [];
    let compareId = "";
    const problems: string[] = [];
    await readCompareStream(res.body!, {
      onStart: (id) => (compareId = id),
      onPart: (p) => parts.push(p),
      onProblem: (p) => problems.push(p),
    });
    expect(problems).toEqual([]);
    expect(parts.slice(0, 3).map((p) => [p.method, p.event.type])).toEqual([
      ["fgtr", "run-start"],
      ["sgam", "run-start"],
      ["graphotter", "run-start"],
    ]);
    for (const m of ["fgtr", "sgam", "graphotter"])
      expect(parts.filter((p) => p.method === m).at(-1)?.event.type).toBe("run-end");
    const stored = await (await getCompareRoute(new Request("http://test"), ctx({ id: compareId }))).json();
    expect(stored.runs.map((r: { method: string }) => r.method)).toEqual(["fgtr", "sgam", "graphotter"]);
    const fgtrEnd = parts.find((p) => p.method === "fgtr" && p.event.type === "answer")?.event;
    expect(stored.runs[0].answer.text).toBe(fgtrEnd && "text" in fgtrEnd ? fgtrEnd.text : "?");
    const missing = await getCompareRoute(new Request("http://test"), ctx({ id: "nope" }));
    await expectError(missing, 404, "compare_not_found", /nope/);
  }, 60_000);
});

describe("re-run with constraints, and the diff with its parent", () => {
  it("excluding a column changes the SQL, records lineage, and the diff shows added and removed cells", async () => {
    const q = "How many schools in Contra Costa are directly funded?";
    const parent = await (
      await askRoute(post(`/api/datasets/${datasetId}/ask`, { question: q }), ctx({ id: datasetId }))
    ).json();
    expect(parent.answer.sql).toContain('"funding"');
    await expectError(await rerun("nope", { constraints: {} }), 404, "run_not_found", /nope/);
    const bad = { constraints: { excludeColumns: ["schools.shoe_size"] } };
    await expectError(await rerun(parent.runId, bad), 400, "invalid_constraints", /schools\.shoe_size/);
    await expectError(
      await rerun(parent.runId, { constraints: { includeEdges: ["e-x"] } }),
      400,
      "invalid_constraints",
      /e-x/,
    );
    const res = await rerun(parent.runId, { constraints: { excludeColumns: ["schools.funding"] } });
    const child = await res.json();
    expect(child.parentRunId).toBe(parent.runId);
    expect(child.answer.sql).not.toContain('"funding"');
    expect(child.events.some((e: { type: string }) => e.type === "constraint")).toBe(true);
    expect(child.events[0]).toMatchObject({ type: "run-start", parentRunId: parent.runId });
    const parentDetail = await (await runRoute(new Request("http://test"), ctx({ id: parent.runId }))).json();
    expect(parentDetail.children.map((c: { id: string }) => c.id)).toEqual([child.runId]);
    const diffRes = await diffRoute(new Request("http://test"), ctx({ id: parent.runId, other: child.runId }));
    const diff = (await diffRes.json()) as RunDiff;
    expect(diff.columns.removed).toContain("schools.funding");
    expect(diff.cells.removed.length).toBeGreaterThan(0);
    expect(diff.params.changed.map((p) => p.name)).toContain("constraints");
    expect(diff.sql.a).not.toBe(diff.sql.b);
    await expectError(
      await diffRoute(new Request("http://test"), ctx({ id: parent.runId, other: "gone" })),
      404,
      "run_not_found",
      /gone/,
    );
  }, 60_000);
});
