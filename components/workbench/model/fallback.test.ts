import { describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/core/trace/event";
import { fallbackNote, fallbackSentence } from "./fallback";
import { buildRunView } from "./runView";

let seq = 0;
const ev = (e: Record<string, unknown>): TraceEvent => ({ seq: seq++, at: 0, ...e }) as TraceEvent;
const stepEnd = (step: string, fallback: boolean) =>
  ev({ type: "step-end", step, reasoner: fallback ? "local" : "llm", ms: 1, attempts: 1, fallback });
const refused = (step: string) =>
  ev({
    type: "llm-call",
    step,
    provider: "openai-compatible",
    model: "m1",
    ms: 2,
    ok: false,
    error: "Cannot connect to http://127.0.0.1:9/v1: nothing is listening there (connection refused).",
    attempt: 1,
  });
const warn = (step: string) =>
  ev({ type: "warning", step, code: "llm_fallback", message: `The model failed "${step}"` });

describe("the fallback note", () => {
  it("is absent when every step ran as asked", () => {
    expect(fallbackNote(buildRunView([stepEnd("link", false), stepEnd("plan", false)]))).toBeNull();
  });

  it("names the model, its problem and how many steps the local reasoner answered", () => {
    const view = buildRunView([
      refused("link"),
      warn("link"),
      stepEnd("link", true),
      stepEnd("plan", false),
      stepEnd("plan", false),
    ]);
    const note = fallbackNote(view);
    expect(note).toMatchObject({ model: "openai-compatible:m1", fellBack: 1, steps: 2 });
    expect(fallbackSentence(note!)).toBe(
      "The model openai-compatible:m1 did not answer (Cannot connect to http://127.0.0.1:9/v1: nothing is " +
        "listening there (connection refused)): this answer is the local reasoner's, which answered 1 of 2 steps.",
    );
  });

  it("says when no model was configured", () => {
    const view = buildRunView([
      ev({ type: "warning", step: "link", code: "llm_not_configured", message: "x" }),
      stepEnd("link", true),
    ]);
    expect(fallbackSentence(fallbackNote(view)!)).toBe(
      "No language model is configured, so the local reasoner answered the run's one step.",
    );
  });
});
