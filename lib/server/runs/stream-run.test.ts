import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answer, EventSink, TraceEvent, TraceEventInput } from "@/lib/core/trace";
import { closeAppDb } from "@/lib/server/db/app-db";
import { insertDataset } from "@/lib/server/stores/datasets";
import { getRun, listRuns } from "@/lib/server/stores/runs";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import type { RunRequest } from "@/lib/core/api/runs";
import type { ExecuteMethod } from "./execute-run";
import { streamRun } from "./stream-run";

useTempDataDir();

const spec: RunRequest = {
  datasetId: "ds",
  question: "How many schools are in Fresno?",
  method: "test-double",
  reasoner: "local",
  params: { k: 3 },
};
const answer: Answer = {
  text: "2",
  values: [2],
  evidence: [{ table: "schools", column: "city", rowId: 4, value: "Fresno" }],
  operation: "count",
};

/**
 * TEST DOUBLE, not a method: emits a stage with a few events, optionally waits on a gate, then
 * answers. Exists only to drive streamRun in these tests.
 */
function testDouble(
  options: { gate?: Promise<void>; fail?: unknown; extra?: (sink: EventSink) => void } = {},
): ExecuteMethod {
  return async (sink) => {
    sink.emit({ type: "stage-start", stage: "parse" });
    await options.gate;
    sink.emit({
      type: "question-parse",
      stage: "parse",
      keywords: ["schools", "fresno"],
      entities: [{ text: "Fresno" }],
      numbers: [],
      dates: [],
      intent: "count",
    });
    options.extra?.(sink);
    sink.emit({ type: "stage-end", stage: "parse", ms: 1, ok: true });
    if (options.fail !== undefined) throw options.fail;
    return answer;
  };
}

type Chunk = { type: string; data?: TraceEvent; messageId?: string; errorText?: string };

/** Reads an SSE response into its JSON chunks, with the time each arrived. */
async function readSse(
  res: Response,
  t0: number,
  onChunk?: (c: Chunk) => void,
): Promise<Array<Chunk & { ms: number }>> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const out: Array<Chunk & { ms: number }> = [];
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const frame = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = frame.replace(/^data: /, "");
      if (data === "[DONE]") continue;
      const chunk = JSON.parse(data) as Chunk;
      out.push({ ...chunk, ms: performance.now() - t0 });
      onChunk?.(chunk);
    }
  }
  return out;
}

const traceOf = (chunks: Chunk[]) => chunks.filter((c) => c.type === "data-trace").map((c) => c.data!);
const post = (accept?: string) =>
  new Request("http://test/api/ask", { method: "POST", headers: accept ? { accept } : {} });

beforeAll(async () => {
  await insertDataset({
    id: "ds",
    name: "ds",
    sizeBytes: 0,
    storage: { main: "data.db", attachments: [] },
    tables: [],
    notes: [],
  });
});
afterAll(() => closeAppDb());

describe("streamRun (SSE)", () => {
  it("streams run-start before the method does any work, then every event in order, and stores the run", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const t0 = performance.now();
    const res = await streamRun(post(), spec, testDouble({ gate }));
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(res.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");

    let firstTraceMs = -1;
    const chunks = await readSse(res, t0, (c) => {
      // The method is still blocked on the gate when the first events arrive.
      if (c.type === "data-trace" && firstTraceMs < 0) {
        firstTraceMs = performance.now() - t0;
        setTimeout(open, 50);
      }
    });
    expect(firstTraceMs).toBeGreaterThanOrEqual(0);
    expect(firstTraceMs).toBeLessThan(100);

    expect(chunks[0]).toMatchObject({ type: "start" });
    expect(chunks.at(-1)).toMatchObject({ type: "finish" });
    const events = traceOf(chunks);
    expect(events.map((e) => e.type)).toEqual([
      "run-start",
      "stage-start",
      "question-parse",
      "stage-end",
      "answer",
      "run-end",
    ]);
    expect(events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    const start = events[0] as Extract<TraceEvent, { type: "run-start" }>;
    expect(start).toMatchObject({ ...spec, runId: chunks[0].messageId });
    expect(events[4]).toMatchObject({ type: "answer", ...answer });
    expect(events[5]).toMatchObject({ type: "run-end", ok: true });
    expect((events[5] as { ms: number }).ms).toBeGreaterThanOrEqual(50);

    const stored = await getRun(start.runId);
    expect(stored).toMatchObject({
      status: "done",
      answer,
      question: spec.question,
      method: "test-double",
      params: { k: 3 },
    });
    expect(stored!.events).toEqual(events);
  });

  it("turns a failing method into an error event and run-end ok:false, closing the stream cleanly", async () => {
    const err = Object.assign(new Error("The cell index is missing."), { code: "index_missing" });
    const chunks = await readSse(await streamRun(post(), spec, testDouble({ fail: err })), performance.now());
    expect(chunks.some((c) => c.type === "error")).toBe(false);
    expect(chunks.at(-1)).toMatchObject({ type: "finish" });
    const events = traceOf(chunks);
    expect(events.slice(-2)).toEqual([
      expect.objectContaining({ type: "error", code: "index_missing", message: "The cell index is missing." }),
      expect.objectContaining({ type: "run-end", ok: false }),
    ]);
    const runId = (events[0] as { runId: string }).runId;
    expect(await getRun(runId)).toMatchObject({ status: "failed", error: "The cell index is missing.", answer: null });
  });

  it("reports invalid events, spine kinds emitted by a method and invalid answers as errors", async () => {
    const cases: Array<[ExecuteMethod, string]> = [
      [
        testDouble({ extra: (s) => s.emit({ type: "sql", sql: "SELECT 1" } as TraceEventInput) }),
        "invalid_trace_event",
      ],
      [testDouble({ extra: (s) => s.emit({ type: "answer", ...answer }) }), "invalid_trace_event"],
      [async () => ({ text: 3 }) as unknown as Answer, "invalid_answer"],
      [async () => Promise.reject("plain string"), "method_failed"],
    ];
    for (const [execute, code] of cases) {
      const events = traceOf(await readSse(await streamRun(post(), spec, execute), performance.now()));
      expect(events.filter((e) => e.type === "answer")).toEqual([]);
      expect(events.at(-2)).toMatchObject({ type: "error", code });
      expect(events.at(-1)).toMatchObject({ type: "run-end", ok: false });
    }
  });

  it("still streams when the run cannot be stored, with a warning", async () => {
    const events = traceOf(
      await readSse(await streamRun(post(), { ...spec, datasetId: "gone" }, testDouble()), performance.now()),
    );
    expect(events.map((e) => e.type)).toContain("answer");
    expect(events.find((e) => e.type === "warning")).toMatchObject({ code: "run_not_saved" });
    expect(events.at(-1)).toMatchObject({ type: "run-end", ok: true });
    expect(await listRuns("gone")).toEqual([]);
  });

  it("passes the request's abort signal to the method and records a cancelled run", async () => {
    const controller = new AbortController();
    const request = new Request("http://test/api/ask", { method: "POST", signal: controller.signal });
    const execute: ExecuteMethod = (_sink, { signal }) =>
      new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
    const res = await streamRun(request, spec, execute);
    setTimeout(() => controller.abort(), 20);
    const events = traceOf(await readSse(res, performance.now()));
    expect(events.at(-2)).toMatchObject({ type: "error", code: "cancelled" });
    expect(await getRun((events[0] as { runId: string }).runId)).toMatchObject({ status: "failed" });
  });
});

describe("streamRun (JSON)", () => {
  it("returns {runId, answer, events} with Accept: application/json", async () => {
    const res = await streamRun(post("application/json"), spec, testDouble());
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as {
      runId: string;
      ok: boolean;
      answer: Answer;
      events: TraceEvent[];
      error: null;
    };
    expect(body).toMatchObject({ ok: true, answer, error: null });
    expect(body.events.map((e) => e.type)).toEqual([
      "run-start",
      "stage-start",
      "question-parse",
      "stage-end",
      "answer",
      "run-end",
    ]);
    expect((await getRun(body.runId))!.events).toEqual(body.events);
  });

  it("returns the error in the body when the method fails", async () => {
    const body = await (
      await streamRun(post("application/json"), spec, testDouble({ fail: new Error("boom") }))
    ).json();
    expect(body).toMatchObject({ ok: false, answer: null, error: { code: "method_failed", message: "boom" } });
  });
});
