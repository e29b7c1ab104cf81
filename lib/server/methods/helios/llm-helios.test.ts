import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { linkEntities } from "@/lib/core/methods/helios/entity-linking";
import { buildHeliosIndex } from "@/lib/core/methods/helios/graph-index";
import { runHelios } from "@/lib/core/methods/helios/run-helios";
import { filmPassages, filmSegments } from "@/lib/core/methods/helios/testing/films";
import { createRecorder, type TraceEventOf } from "@/lib/core/trace";
import { createAiSdkPort } from "@/lib/server/llm/ai-sdk-port";

function reply(text: string) {
  return {
    content: [{ type: "text" as const, text }],
    finishReason: { unified: "stop" as const, raw: undefined },
    usage: {
      inputTokens: { total: 40, noCache: 40, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 10, text: 10, reasoning: undefined },
    },
    warnings: [],
  };
}

type Call = { prompt: unknown };
const promptOf = (call: Call) => JSON.stringify(call.prompt);

/** A fake model that answers each HELIOS step as a model would, reading the step from its prompt. */
function heliosModel(reader: unknown) {
  return new MockLanguageModelV3({
    doGenerate: async (call: Call) => {
      const p = promptOf(call);
      if (p.includes("column-wise aggregation"))
        return reply(
          JSON.stringify({ needed: false, operation: "none", table: null, column: null, reason: "A lookup." }),
        );
      if (p.includes("passages linked to table rows help")) {
        const items = [...p.matchAll(/- passage (p:\d+) .*? linked to row (s:films:\d+)/g)].map((m) => ({
          passage: m[1],
          segment: m[2],
        }));
        return reply(
          JSON.stringify({
            verdicts: items.map((i) => ({
              ...i,
              keep: i.passage === "p:3",
              reason: i.passage === "p:3" ? "States the birthplace." : "About someone else.",
            })),
          }),
        );
      }
      return reply(JSON.stringify(reader));
    },
  });
}

const index = () =>
  buildHeliosIndex({ segments: filmSegments, passages: filmPassages, links: linkEntities(filmSegments, filmPassages) });
const port = (model: MockLanguageModelV3) =>
  createAiSdkPort({ model, provider: "mock", modelId: "mock-model", timeoutMs: 2000 });

describe("HELIOS with the llm reasoner (MockLanguageModelV3)", () => {
  it("runs aggregation, verification and the reader through the model, with tokens in the trace", async () => {
    const model = heliosModel({
      answer: "Tainan",
      segment: "s:films:4",
      column: null,
      passage: "p:3",
      sentence: "She was born in Tainan.",
      reason: "Mei Lin directed Glass Rivers.",
    });
    const sink = createRecorder();
    const result = await runHelios(
      "Where was the director of Glass Rivers born?",
      {},
      { index: index(), reasoner: "llm", llm: port(model) },
      sink,
    );
    expect(result.answer).toMatchObject({
      text: "Tainan",
      passages: expect.arrayContaining(["p:3"]),
      sentences: [{ passage: "p:3", text: "She was born in Tainan." }],
    });
    const steps = sink.events
      .filter((e): e is TraceEventOf<"step-end"> => e.type === "step-end")
      .map((e) => [e.step, e.reasoner]);
    expect(steps).toEqual([
      ["helios.aggregation", "llm"],
      ["helios.passage-verification", "llm"],
      ["helios.reader", "llm"],
    ]);
    const verdicts = sink.events.filter(
      (e): e is TraceEventOf<"passage-verification"> => e.type === "passage-verification",
    );
    expect(verdicts.filter((v) => v.keep).every((v) => v.passage === "p:3")).toBe(true);
    expect(verdicts.some((v) => !v.keep)).toBe(true);
    expect(result.tokens.input).toBeGreaterThan(0);
    expect(promptOf(model.doGenerateCalls.at(-1)!)).toContain("She was born in Tainan.");
  });

  it("falls back to the local reader with a warning when the model twice names a row not in the evidence", async () => {
    const model = heliosModel({
      answer: "Paris",
      segment: "s:films:99",
      column: null,
      passage: null,
      sentence: null,
      reason: "?",
    });
    const sink = createRecorder();
    const result = await runHelios(
      "Where was the director of Glass Rivers born?",
      {},
      { index: index(), reasoner: "llm", llm: port(model) },
      sink,
    );
    expect(result.answer.text).toBe("Tainan");
    expect(sink.events.some((e) => e.type === "warning" && /helios\.reader/.test(e.message + (e.step ?? "")))).toBe(
      true,
    );
    expect(sink.events.find((e) => e.type === "step-end" && e.step === "helios.reader")).toMatchObject({
      reasoner: "local",
      fallback: true,
      attempts: 2,
    });
  });
});
