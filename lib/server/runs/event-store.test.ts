import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRecorder, type TraceEvent } from "@/lib/core/trace";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

const dataDir = useTempDataDir();
const transactions: number[] = [];
vi.mock("@/lib/server/stores/runs", async (original) => {
  const real = await original<typeof import("@/lib/server/stores/runs")>();
  return {
    ...real,
    appendRunEvents: async (batches: Array<{ runId: string; events: readonly TraceEvent[] }>) => {
      transactions.push(batches.length);
      return real.appendRunEvents(batches);
    },
  };
});
const { storeEvents } = await import("./event-store");
const { createRun, getRun } = await import("@/lib/server/stores/runs");
const { importDataset } = await import("@/lib/server/ingest/import-dataset");
const { closeAppDb } = await import("@/lib/server/db/app-db");

let datasetId = "";
beforeAll(async () => {
  const csv = path.join(dataDir, "t.csv");
  writeFileSync(csv, "a\n1\n");
  datasetId = (await importDataset([{ originalName: "t.csv", path: csv, size: 4 }])).id;
}, 60_000);
afterAll(() => closeAppDb());

function trace(n: number): TraceEvent[] {
  const rec = createRecorder();
  for (let i = 0; i < n; i++) rec.emit({ type: "warning", message: `event ${i}` });
  return [...rec.events];
}

describe("storeEvents", () => {
  it("stores the batches of runs flushing at the same moment in one transaction", async () => {
    const ids = ["s1", "s2", "s3"];
    for (const id of ids) await createRun({ id, datasetId, question: "q", method: "m", reasoner: "local", params: {} });
    transactions.length = 0;
    await Promise.all(ids.map((id) => storeEvents(id, trace(4))));
    expect(transactions).toEqual([3]);
    for (const id of ids) expect((await getRun(id))?.events.map((e) => e.seq)).toEqual([0, 1, 2, 3]);
  });

  it("keeps the other runs' events when one run's batch cannot be stored", async () => {
    await createRun({ id: "ok", datasetId, question: "q", method: "m", reasoner: "local", params: {} });
    const [kept, lost] = await Promise.allSettled([storeEvents("ok", trace(2)), storeEvents("no-such-run", trace(2))]);
    expect(kept.status).toBe("fulfilled");
    expect(lost.status).toBe("rejected");
    expect((await getRun("ok"))?.events).toHaveLength(2);
  });
});
