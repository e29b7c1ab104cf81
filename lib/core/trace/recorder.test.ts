import { describe, expect, it } from "vitest";
import {
  createRecorder,
  InvalidTraceEventError,
  nullSink,
  runStage,
  withContext,
  type TraceEvent,
  type TraceEventInput,
} from "./index";

function fakeClock(times: number[]) {
  let i = 0;
  return () => times[Math.min(i++, times.length - 1)];
}

describe("createRecorder", () => {
  it("assigns seq and at from the run clock and keeps events in order", () => {
    const rec = createRecorder({ now: fakeClock([100, 100, 105.04, 130]) });
    const a = rec.emit({ type: "warning", message: "a" });
    const b = rec.emit({ type: "warning", message: "b" });
    expect([a.seq, a.at, b.seq, b.at]).toEqual([0, 0, 1, 5]);
    expect(rec.elapsed()).toBe(30);
    expect(rec.events.map((e) => e.seq)).toEqual([0, 1]);
  });

  it("fans out to listeners; a throwing listener neither stops the others nor the emitter", () => {
    const errors: unknown[] = [];
    const rec = createRecorder({ onListenerError: (err) => errors.push(err) });
    const seen: number[] = [];
    rec.subscribe(() => {
      throw new Error("stream closed");
    });
    const off = rec.subscribe((e) => seen.push(e.seq));
    rec.emit({ type: "warning", message: "one" });
    off();
    rec.emit({ type: "warning", message: "two" });
    expect(seen).toEqual([0]);
    expect(errors).toHaveLength(2);
    expect(rec.events).toHaveLength(2);
  });

  it("refuses an invalid event with a message that names the field, and strips unknown keys", () => {
    const rec = createRecorder();
    const bad = { type: "sql", sql: "SELECT 1", rowCount: -1, ms: 1, ok: true } as TraceEventInput;
    expect(() => rec.emit(bad)).toThrow(InvalidTraceEventError);
    expect(() => rec.emit(bad)).toThrow(/rowCount/);
    expect(rec.events).toHaveLength(0);
    const e = rec.emit({ type: "warning", message: "x", rows: [[1, 2, 3]] } as TraceEventInput) as TraceEvent & {
      rows?: unknown;
    };
    expect(e.rows).toBeUndefined();
  });

  it("nullSink validates but keeps nothing", () => {
    const sink = nullSink();
    expect(sink.emit({ type: "warning", message: "x" }).seq).toBe(0);
    expect(() => sink.emit({ type: "warning" } as TraceEventInput)).toThrow();
  });
});

describe("withContext and runStage", () => {
  it("tags events with stage and reasoner unless they set their own", () => {
    const rec = createRecorder();
    const sink = withContext(rec, { stage: "parse", reasoner: "local" });
    sink.emit({ type: "warning", message: "a" });
    sink.emit({ type: "warning", message: "b", stage: "other", reasoner: "llm" });
    expect(rec.events.map((e) => [e.stage, e.reasoner])).toEqual([
      ["parse", "local"],
      ["other", "llm"],
    ]);
  });

  it("brackets a stage with start/end, also when it throws", async () => {
    const rec = createRecorder();
    const value = await runStage(
      rec,
      "mapping",
      (s) => {
        s.emit({ type: "warning", message: "inside" });
        return 42;
      },
      "Schema mapping",
    );
    expect(value).toBe(42);
    await expect(runStage(rec, "cells", async () => Promise.reject(new Error("no index")))).rejects.toThrow("no index");
    const summary = rec.events.map((e) => `${e.type}:${e.stage}${e.type === "stage-end" ? `:${e.ok}` : ""}`);
    expect(summary).toEqual([
      "stage-start:mapping",
      "warning:mapping",
      "stage-end:mapping:true",
      "stage-start:cells",
      "stage-end:cells:false",
    ]);
    expect(rec.events[0]).toMatchObject({ label: "Schema mapping" });
  });
});
