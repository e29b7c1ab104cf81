import { describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/core/trace";
import { readTraceStream, type StreamProblem } from "./traceStream";

/** An SSE body as createUIMessageStreamResponse writes it: one `data:` block per chunk, then [DONE]. */
function sseBody(chunks: Array<unknown | string>, splitAt = 7): ReadableStream<Uint8Array> {
  const blocks = chunks.map((c) => `data: ${typeof c === "string" ? c : JSON.stringify(c)}\n\n`);
  const text = `${blocks.join("")}data: [DONE]\n\n`;
  const bytes = new TextEncoder().encode(text);
  // Cut into small pieces so blocks straddle reads, as they do on a real connection.
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += splitAt) controller.enqueue(bytes.slice(i, i + splitAt));
      controller.close();
    },
  });
}

const start = {
  type: "run-start",
  seq: 0,
  at: 0,
  runId: "r1",
  datasetId: "d1",
  question: "How many schools?",
  method: "fgtr",
  reasoner: "local",
  params: {},
};
const answer = { type: "answer", seq: 1, at: 3, text: "3", values: [3], evidence: [], operation: "count" };
const end = { type: "run-end", seq: 2, at: 4, ms: 4, ok: true };

async function read(body: ReadableStream<Uint8Array>) {
  const events: TraceEvent[] = [];
  const problems: StreamProblem[] = [];
  const result = await readTraceStream(body, { onEvent: (e) => events.push(e), onProblem: (p) => problems.push(p) });
  return { events, problems, error: result.error };
}

describe("readTraceStream", () => {
  it("hands over every data-trace event in order and ignores the protocol's own parts", async () => {
    const body = sseBody([
      { type: "start", messageId: "r1" },
      { type: "data-trace", data: start },
      { type: "data-trace", data: answer },
      { type: "data-trace", data: end },
      { type: "finish" },
    ]);
    const { events, problems, error } = await read(body);
    expect(events.map((e) => e.type)).toEqual(["run-start", "answer", "run-end"]);
    expect(events[1]).toMatchObject({ text: "3", values: [3] });
    expect(problems).toEqual([]);
    expect(error).toBeNull();
  });

  it("reports an event that breaks the TraceEvent union instead of passing it on", async () => {
    const body = sseBody([
      { type: "data-trace", data: start },
      { type: "data-trace", data: { type: "answer", seq: 1, at: 1, text: 42 } },
      { type: "data-trace", data: { type: "no-such-kind", seq: 2, at: 1 } },
      "{not json",
      { type: "data-trace", data: end },
    ]);
    const { events, problems } = await read(body);
    expect(events.map((e) => e.type)).toEqual(["run-start", "run-end"]);
    expect(problems.map((p) => p.part)).toEqual([2, 3, 4]);
    expect(problems[0].message).toMatch(/not a valid trace event/);
    expect(problems[2].message).toMatch(/not a stream part/);
  });

  it("returns the stream's error part, keeping the events before it", async () => {
    const body = sseBody([
      { type: "data-trace", data: start },
      { type: "error", errorText: "The dataset was deleted during the run." },
    ]);
    const { events, error } = await read(body);
    expect(events).toHaveLength(1);
    expect(error).toBe("The dataset was deleted during the run.");
  });
});
