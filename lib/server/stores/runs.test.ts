import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRecorder, type TraceEvent } from "@/lib/core/trace";
import { closeAppDb } from "@/lib/server/db/app-db";
import { deleteDatasetRecord, insertDataset } from "@/lib/server/stores/datasets";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { appendEvents, createRun, deleteRun, finishRun, getRun, listRuns } from "./runs";

useTempDataDir();

async function addDataset(id: string) {
  await insertDataset({
    id,
    name: id,
    sizeBytes: 0,
    storage: { main: "data.db", attachments: [] },
    tables: [],
    notes: [],
  });
}

function trace(count: number): TraceEvent[] {
  const rec = createRecorder();
  rec.emit({
    type: "run-start",
    runId: "x",
    datasetId: "d",
    question: "q",
    method: "fgtr",
    reasoner: "local",
    params: {},
  });
  for (let i = 1; i < count; i++)
    rec.emit({ type: "schema-vote", round: i, columns: [{ table: "t", column: `c${i}` }], stage: "mapping" });
  return [...rec.events];
}

const newRun = (id: string, datasetId = "ds1", question = "How many?") => ({
  id,
  datasetId,
  question,
  method: "fgtr",
  reasoner: "local" as const,
  params: { k: 5, theta: 0.6 },
});

beforeAll(async () => {
  await addDataset("ds1");
  await addDataset("ds2");
});
afterAll(() => closeAppDb());

describe("runs store", () => {
  it("creates a running run, appends events in batches and finishes it", async () => {
    await createRun(newRun("run-a"));
    expect(await getRun("run-a")).toMatchObject({
      status: "running",
      answer: null,
      ms: null,
      params: { k: 5, theta: 0.6 },
      events: [],
    });

    const events = trace(700);
    await appendEvents("run-a", events.slice(0, 450));
    await appendEvents("run-a", events.slice(400)); // overlapping retry: duplicates are ignored
    const answer = { text: "3 schools", values: [3], evidence: [{ table: "t", column: "c1", rowId: 7, value: "x" }] };
    await finishRun("run-a", { status: "done", answer, ms: 123.6 });

    const run = await getRun("run-a");
    expect(run).toMatchObject({ status: "done", answer, ms: 124, error: null, reasoner: "local", method: "fgtr" });
    expect(run!.events).toHaveLength(700);
    expect(run!.events.map((e) => e.seq)).toEqual(events.map((e) => e.seq));
    expect(run!.events[5]).toEqual(events[5]);
  });

  it("records a failed run with its error", async () => {
    await createRun(newRun("run-b"));
    await finishRun("run-b", { status: "failed", error: "no cell index", ms: 4 });
    expect(await getRun("run-b")).toMatchObject({ status: "failed", error: "no cell index", answer: null });
  });

  it("lists a dataset's runs newest first, without events", async () => {
    await createRun(newRun("run-c", "ds2", "first"));
    await createRun(newRun("run-d", "ds2", "second"));
    await createRun({ ...newRun("run-e", "ds2", "third"), method: "sgam" });
    const listed = await listRuns("ds2");
    expect(listed.map((r) => r.question)).toEqual(["third", "second", "first"]);
    expect(listed[0]).not.toHaveProperty("events");
    expect((await listRuns("ds2", { method: "sgam" })).map((r) => r.id)).toEqual(["run-e"]);
    expect((await listRuns("ds2", { limit: 1 })).map((r) => r.id)).toEqual(["run-e"]);
    expect(await listRuns("nope")).toEqual([]);
  });

  it("skips stored events that no longer parse instead of failing the replay", async () => {
    await createRun(newRun("run-f"));
    await appendEvents("run-f", trace(3));
    const { appDb } = await import("@/lib/server/db/app-db");
    await (await appDb()).$client.execute({
      sql: "INSERT INTO run_events (run_id, seq, event) VALUES ('run-f', 3, '{\"type\":\"from-the-future\"}')",
      args: [],
    });
    expect((await getRun("run-f"))!.events.map((e) => e.seq)).toEqual([0, 1, 2]);
  });

  it("refuses a run for an unknown dataset and removes runs with their dataset", async () => {
    await expect(createRun(newRun("run-g", "missing"))).rejects.toThrow();
    await createRun(newRun("run-h", "ds1"));
    await appendEvents("run-h", trace(2));
    expect(await deleteDatasetRecord("ds1")).toBe(true);
    expect(await getRun("run-h")).toBeNull();
    expect(await getRun("run-a")).toBeNull();
  });

  it("deletes one run", async () => {
    await createRun(newRun("run-i", "ds2"));
    await appendEvents("run-i", trace(2));
    expect(await deleteRun("run-i")).toBe(true);
    expect(await deleteRun("run-i")).toBe(false);
    expect(await getRun("run-i")).toBeNull();
  });
});
