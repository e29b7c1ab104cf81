import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRecorder, type TraceEventOf } from "../../trace";
import { expectedAnswerType } from "./answer-type";
import { readerModelSchema } from "./reader-model";
import { rerankModelSchema } from "./rerank-model";
import { runHelios } from "./run-helios";
import { bridgeIndex, generateBridges, type GeneratedBridge } from "./testing/generated-stars";

const load = <T>(name: string, schema: { parse(x: unknown): T }): T | undefined => {
  const file = path.resolve("models", `${name}.json`);
  return existsSync(file) ? schema.parse(JSON.parse(readFileSync(file, "utf8"))) : undefined;
};
const readerModel = load("helios-reader", readerModelSchema);
const rerankModel = load("helios-reranker", rerankModelSchema);

/**
 * One question per answer type about a bridge the question names only through its river, and whether a
 * reading is right.
 */
const asks: Array<{
  type: string;
  ask: (b: GeneratedBridge) => string;
  right: (b: GeneratedBridge, text: string) => boolean;
  /** A known miss, kept so it shows when it is fixed (it.fails fails once the reader gets it right). */
  known?: string;
}> = [
  {
    type: "person",
    known:
      "the reader still prefers the town, whose sentence holds more of the question's words, to the designer " +
      "in the sentence with its verb (root match brought the designer from 0.17 to 0.37 against 0.38)",
    ask: (b) => `Who designed the bridge across the ${b.river}?`,
    right: (b, t) => t === b.designer,
  },
  { type: "date", ask: (b) => `When was the bridge across the ${b.river} opened?`, right: (b, t) => t === b.opened },
  {
    type: "number",
    ask: (b) => `How many metres long is the bridge across the ${b.river}?`,
    // The number, with or without the unit the question names ("379" or "379 metres").
    right: (b, t) => t === String(b.metres) || t === `${b.metres} metres`,
  },
  { type: "place", ask: (b) => `Where is the bridge across the ${b.river}?`, right: (b, t) => t === b.town },
];

describe.skipIf(!readerModel || !rerankModel)("the trained reader on a generated star graph", () => {
  const bridges = generateBridges(20261207, 12);
  const index = bridgeIndex(bridges);

  for (const { type, ask, right, known } of asks)
    (known ? it.fails : it)(`reads a ${type} span from the passage of the row the question points at`, async () => {
      const hits = [];
      for (const b of [bridges[2], bridges[7], bridges[11]]) {
        const question = ask(b);
        expect(expectedAnswerType(question)).toBe(type);
        const sink = createRecorder();
        const r = await runHelios(question, {}, { index, reasoner: "local", readerModel, rerankModel }, sink);
        const read = sink.events.find((e): e is TraceEventOf<"reader-candidates"> => e.type === "reader-candidates");
        hits.push(right(b, r.answer.text) && read?.candidates[0].fits === true);
        expect(r.answer.passages?.[0]).toBe(`p:${bridges.indexOf(b) + 1}`);
      }
      // A span of the asked type from the right passage, for most of the generated bridges.
      expect(hits.filter(Boolean).length).toBeGreaterThanOrEqual(2);
    });
});
