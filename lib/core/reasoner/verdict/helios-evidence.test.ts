import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../../trace/event";
import type { Answer } from "../../trace/kinds-run";
import { assessAnswer } from "./assess";
import { untrainedModel } from "./calibration";
import { CONFIDENCE_FEATURES } from "./features";
import { HELIOS_VERDICT_FEATURES, heliosEvidenceVector } from "./helios-evidence";

let seq = 0;
const candidates = (list: Array<{ text: string; score: number; passage?: string; star?: number }>): TraceEvent =>
  ({
    seq: seq++,
    at: 0,
    type: "reader-candidates",
    candidates: list.map((c) => ({
      source: c.passage ? "passage" : "cell",
      segment: "s:t:1",
      kind: "proper",
      cover: 0.5,
      places: 2,
      fits: true,
      star: c.star ?? 0,
      ...c,
    })),
    none: 0.1,
    threshold: 0.2,
    abstained: false,
  }) as TraceEvent;
const verified = (passage: string, keep: boolean): TraceEvent =>
  ({
    seq: seq++,
    at: 0,
    type: "passage-verification",
    reasoner: "local",
    passage,
    segment: "s:t:1",
    keep,
    reason: "",
  }) as TraceEvent;
const answer: Answer = { text: "Mei Lin", values: ["Mei Lin"], evidence: [], passages: ["p:3"], readerScore: 0.6 };
const signals = { failed: [], questionWords: 5 } as unknown as Parameters<typeof heliosEvidenceVector>[2];
const named = (v: number[]) => Object.fromEntries(HELIOS_VERDICT_FEATURES.map((f, i) => [f, v[i]]));

describe("HELIOS's own evidence for a verdict", () => {
  it("reads the reader's probability, its lead, the agreeing spans and the verified supporting passage", () => {
    const v = named(
      heliosEvidenceVector(
        [
          verified("p:3", true),
          candidates([
            { text: "Mei Lin", score: 0.6, passage: "p:3" },
            { text: "Mei Lin (director)", score: 0.2, passage: "p:3" },
            { text: "Tainan", score: 0.1, passage: "p:3", star: 2 },
          ]),
        ],
        answer,
        signals,
      ),
    );
    expect(v.readerP).toBe(0.6);
    expect(v.margin).toBeCloseTo(0.4);
    expect(v.agreement).toBeCloseTo(0.8 / 0.9);
    expect(v).toMatchObject({ fromPassage: 1, passageKept: 1, passageDropped: 0, topStar: 1, fits: 1, cover: 0.5 });
  });

  it("is low on a contested answer whose passage verification dropped", () => {
    const v = named(
      heliosEvidenceVector(
        [
          verified("p:3", false),
          candidates([
            { text: "Mei Lin", score: 0.3, passage: "p:3", star: 3 },
            { text: "Anna Kowalska", score: 0.29 },
          ]),
        ],
        answer,
        signals,
      ),
    );
    expect(v.margin).toBeCloseTo(0.01);
    expect(v).toMatchObject({ passageKept: 0, passageDropped: 1, topStar: 0, starRank: 0.75 });
  });

  it("judges a HELIOS answer by HELIOS's model when one is given, and by the general model otherwise", () => {
    const general = untrainedModel(CONFIDENCE_FEATURES);
    const own = {
      ...untrainedModel(HELIOS_VERDICT_FEATURES),
      bias: 0,
      weights: HELIOS_VERDICT_FEATURES.map((f) => (f === "readerP" ? 8 : 0)),
      thresholds: { answered: 0.9, unsure: 0.2 },
    };
    const input = {
      question: "Who directed Glass Rivers?",
      method: "helios",
      reasoner: "local",
      answer,
      events: [candidates([{ text: "Mei Lin", score: 0.6, passage: "p:3" }])],
      schema: null,
      maxAnswerRows: null,
    };
    const judged = assessAnswer(input, general, { helios: own });
    expect(judged.verdict).toBe("answered");
    expect(judged.reason).toMatch(/reader gave this answer 60%/);
    expect(assessAnswer(input, general).verdict).not.toBe("answered");
    expect(assessAnswer({ ...input, method: "fgtr" }, general, { helios: own }).verdict).not.toBe("answered");
  });
});
