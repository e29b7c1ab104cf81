import { beforeEach, describe, expect, it, vi } from "vitest";
import { createRecorder, type TraceEvent } from "@/lib/core/trace";

const appended: Array<{ runId: string; seqs: number[] }> = [];
let failNext = false;
vi.mock("@/lib/server/stores/runs", () => ({
  appendRunEvents: async (batches: Array<{ runId: string; events: TraceEvent[] }>) => {
    if (failNext) throw new Error("disk full");
    await new Promise((r) => setTimeout(r, 5)); // slow writes must still land in order
    for (const { runId, events } of batches) appended.push({ runId, seqs: events.map((e) => e.seq) });
  },
}));
const { createEventWriter } = await import("./event-writer");

function events(n: number): TraceEvent[] {
  const rec = createRecorder();
  for (let i = 0; i < n; i++) rec.emit({ type: "warning", message: String(i) });
  return [...rec.events];
}

beforeEach(() => {
  appended.length = 0;
  failNext = false;
});

describe("createEventWriter", () => {
  it("batches by count, flushes the rest on close, in order, after the run row exists", async () => {
    let created!: () => void;
    const writer = createEventWriter("r1", new Promise<void>((resolve) => (created = resolve)), {
      maxBatch: 4,
      maxDelayMs: 10_000,
    });
    for (const e of events(10)) writer.push(e);
    await new Promise((r) => setTimeout(r, 20));
    expect(appended).toEqual([]); // nothing before the row is there
    created();
    await writer.close();
    expect(appended).toEqual([
      { runId: "r1", seqs: [0, 1, 2, 3] },
      { runId: "r1", seqs: [4, 5, 6, 7] },
      { runId: "r1", seqs: [8, 9] },
    ]);
  });

  it("flushes a small batch after the delay", async () => {
    const writer = createEventWriter("r2", Promise.resolve(), { maxBatch: 100, maxDelayMs: 10 });
    for (const e of events(3)) writer.push(e);
    await new Promise((r) => setTimeout(r, 150));
    expect(appended).toEqual([{ runId: "r2", seqs: [0, 1, 2] }]);
    await writer.close();
    expect(appended).toHaveLength(1);
  });

  it("reports a failure once and drops later events; close never rejects", async () => {
    const errors: unknown[] = [];
    failNext = true;
    const writer = createEventWriter("r3", Promise.resolve(), { maxBatch: 2, onError: (e) => errors.push(e) });
    for (const e of events(6)) writer.push(e);
    await expect(writer.close()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    const rejected = createEventWriter("r4", Promise.reject(new Error("no such dataset")), {
      onError: (e) => errors.push(e),
    });
    rejected.push(events(1)[0]);
    await rejected.close();
    expect(errors).toHaveLength(2);
    expect(appended).toEqual([]);
  });
});
