import { describe, expect, it } from "vitest";
import type { ReaderCandidate } from "./reader-candidates";
import { FeatureTable } from "./linear-model";
import { answerKey, fitReader, nullFeatures, scoreCandidates, type ReaderExample } from "./reader-model";

const candidate = (text: string, features: Record<string, number>): ReaderCandidate => ({
  text,
  kind: "proper",
  source: "passage",
  segment: "s:t:1",
  column: null,
  passage: "p:1",
  sentence: null,
  star: 0,
  cover: 0,
  features,
});

/** Questions where the right candidate is the one whose header names the question's word, among decoys. */
function examples(table: FeatureTable, n: number): ReaderExample[] {
  return Array.from({ length: n }, (_, i) => {
    const right = i % 3;
    const feats = [0, 1, 2].map((k) => ({ headerCover: k === right ? 1 : 0, rowCover: (i * 7 + k) % 2 }));
    // Every fourth question has no right candidate: the model must learn to say so.
    const answerable = i % 4 !== 3;
    return {
      rows: [
        ...feats.map((f, k) => table.row(answerable || k !== right ? f : { ...f, headerCover: 0 })),
        table.row(nullFeatures("who")),
      ],
      positives: answerable ? [right] : [],
    };
  });
}

describe("learned reader model", () => {
  it("learns which feature marks the answer and gives the right candidate most of the probability", () => {
    const table = new FeatureTable();
    const weights = fitReader(table, examples(table, 60), { seed: 1 });
    expect(weights.headerCover).toBeGreaterThan(1);
    const model = { kind: "helios-reader" as const, version: 1 as const, threshold: 0.3, weights };
    const { answers, none } = scoreCandidates(model, "who", [
      candidate("Anna", { headerCover: 0, rowCover: 1 }),
      candidate("Mei Lin", { headerCover: 1, rowCover: 0 }),
    ]);
    expect(answers[0].best.text).toBe("Mei Lin");
    expect(answers[0].p).toBeGreaterThan(0.6);
    expect(none).toBeLessThan(answers[0].p);
    const unanswerable = scoreCandidates(model, "who", [
      candidate("Anna", { headerCover: 0, rowCover: 1 }),
      candidate("Berg", { headerCover: 0, rowCover: 0 }),
    ]);
    expect(unanswerable.none).toBeGreaterThan(unanswerable.answers[0].p);
  });

  it("is deterministic for a seed", () => {
    const a = new FeatureTable();
    const b = new FeatureTable();
    expect(fitReader(a, examples(a, 30), { seed: 7 })).toEqual(fitReader(b, examples(b, 30), { seed: 7 }));
  });

  it("sums the probability of candidates that read the same answer", () => {
    const model = { kind: "helios-reader" as const, version: 1 as const, threshold: 0.3, weights: { x: 1 } };
    const { answers } = scoreCandidates(model, "who", [
      candidate("The Tainan", { x: 1 }),
      candidate("tainan", { x: 1 }),
      candidate("Gdansk", { x: 1.5 }),
    ]);
    expect(answers[0].key).toBe("tainan");
    expect(answers).toHaveLength(2);
    expect(answerKey("The  Tainan.")).toBe("tainan");
  });
});
