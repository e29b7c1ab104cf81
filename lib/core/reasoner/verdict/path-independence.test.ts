import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../../trace/event";
import type { Answer } from "../../trace/kinds-run";
import { assessAnswer } from "./assess";
import { untrainedModel } from "./calibration";
import { CONFIDENCE_FEATURES } from "./features";

// A model that would punish the path if the path reached the features: method warnings and the
// llm reasoner both weigh, so a fallback counted as either would move the verdict.
const base = untrainedModel(CONFIDENCE_FEATURES);
const model = {
  ...base,
  weights: CONFIDENCE_FEATURES.map((n, i) => (n === "warnings" ? -4 : n === "reasoner:llm" ? 2 : base.weights[i])),
};

let seq = 0;
const ev = (e: Record<string, unknown>): TraceEvent => ({ seq: seq++, at: 0, ...e }) as TraceEvent;
const sql = 'SELECT COUNT(*) FROM "schools" WHERE "county" = \'Contra Costa\'';
const answer: Answer = { text: "2", values: [2], evidence: [], sql };
const answerEvents = [ev({ type: "sql", sql, rowCount: 1, ms: 1, ok: true, purpose: "answer" })];

/** The events of the same steps run locally, or asked of a model that never answered. */
function steps(path: "local" | "fell-back" | "llm"): TraceEvent[] {
  return ["link", "plan"].flatMap((step) => [
    ...(path === "fell-back"
      ? [
          ev({ type: "llm-call", step, provider: "p", model: "m", ms: 3, ok: false, error: "refused", attempt: 1 }),
          ev({ type: "warning", step, code: "llm_fallback", reasoner: "local", message: "fell back" }),
        ]
      : []),
    ev({
      type: "step-end",
      step,
      reasoner: path === "llm" ? "llm" : "local",
      ms: 1,
      attempts: path === "local" ? 0 : 1,
      fallback: path === "fell-back",
    }),
  ]);
}

function judge(reasoner: "local" | "llm", events: TraceEvent[]) {
  const input = { question: "How many schools are in Contra Costa?", method: "fgtr", answer, events };
  const more = { schema: null, maxAnswerRows: 200 };
  return assessAnswer({ ...input, ...more, reasoner }, model);
}

describe("the verdict does not depend on which path answered", () => {
  it("judges a local answer reached after the model failed as the same local answer", () => {
    const local = judge("local", [...steps("local"), ...answerEvents]);
    const fellBack = judge("llm", [...steps("fell-back"), ...answerEvents]);
    expect(fellBack.signals.warnings).toBe(0);
    expect(fellBack.signals.fallbacks).toBe(2);
    expect(fellBack.confidence).toBe(local.confidence);
    expect(fellBack.verdict).toBe(local.verdict);
  });

  it("still tells a model's own answer from a local one when the model answered", () => {
    const local = judge("local", [...steps("local"), ...answerEvents]);
    const byModel = judge("llm", [...steps("llm"), ...answerEvents]);
    expect(byModel.confidence).not.toBe(local.confidence);
  });
});
