import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { buildCellGraph } from "@/lib/core/cell-graph/graph";
import { gridFromMatrix } from "@/lib/core/cell-graph/grid";
import { runGraphotter } from "@/lib/core/methods/graphotter/run-graphotter";
import { createHashedEncoder } from "@/lib/core/text";
import { createRecorder } from "@/lib/core/trace";
import { createAiSdkPort } from "@/lib/server/llm/ai-sdk-port";

function reply(object: unknown) {
  const text = JSON.stringify(object);
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

const graph = buildCellGraph(
  gridFromMatrix(
    [
      ["Region", "2024", null],
      [null, "Planned", "Spent"],
      ["North", 130, 128],
      ["Coast", 95, 101],
    ],
    [
      { top: 0, left: 0, bottom: 1, right: 0 },
      { top: 0, left: 1, bottom: 0, right: 2 },
    ],
    2,
  ),
);

describe("GraphOTTER through the AI SDK adapter (MockLanguageModelV3)", () => {
  it("sends the graph as node tuples, runs the model's actions and answers from the trace", async () => {
    const replies = [
      reply({
        cells: [
          { id: "r3c0", explanation: "Coast" },
          { id: "r1c2", explanation: "Spent" },
        ],
      }),
      reply({ thought: "Coast's row meets the Spent column.", action: "GetSharedNeighbours", args: ["r3c0", "r1c2"] }),
      reply({ thought: "The trace holds the value.", action: "AnswerQuestion", args: [] }),
      reply({ cells: ["r3c2"], operation: "lookup", explanation: "Spent by Coast in 2024.", answer: ["101"] }),
    ];
    const model = new MockLanguageModelV3({ doGenerate: async () => replies.shift()! });
    const llm = createAiSdkPort({ model, provider: "mock", modelId: "mock-model", timeoutMs: 2000 });
    const sink = createRecorder();
    const r = await runGraphotter(
      "How much did Coast spend in 2024?",
      graph,
      "budget",
      {},
      { reasoner: "llm", llm, encoder: createHashedEncoder() },
      sink,
    );
    expect(r.answer).toMatchObject({ values: ["101"], operation: "lookup", cells: [{ node: "r3c2", value: "101" }] });
    expect(model.doGenerateCalls).toHaveLength(4);
    // The prompt shows cells as (row, column, content) tuples, merged cells as spans.
    expect(JSON.stringify(model.doGenerateCalls[0].prompt)).toContain("[r0c1] (0, {1-2}, ");
    const actions = sink.events.filter((e) => e.type === "graph-action");
    expect(actions.map((a) => a.type === "graph-action" && a.action)).toEqual([
      "GetSharedNeighbours",
      "AnswerQuestion",
    ]);
    expect(sink.events.filter((e) => e.type === "llm-call" && e.ok)).toHaveLength(4);
  });
});
