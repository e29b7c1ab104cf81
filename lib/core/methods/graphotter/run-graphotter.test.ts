import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildCellGraph } from "../../cell-graph/graph";
import { gridFromMatrix, gridFromRows } from "../../cell-graph/grid";
import { FakeLlmPort } from "../../reasoner/testing/steps";
import { createHashedEncoder } from "../../text";
import { createRecorder, type TraceEvent } from "../../trace";
import { graphotterModelSchema } from "./policy-model";
import { runGraphotter, type GraphotterPorts } from "./run-graphotter";

const matrix = [
  ["District", "2022-23", null, "2023-24", null],
  [null, "Elementary", "High", "Elementary", "High"],
  ["Alameda", 100, 200, 110, 210],
  ["Fresno", 300, 400, 310, 415],
  ["Total", 400, 600, 420, 625],
];
const merges = [
  { top: 0, left: 0, bottom: 1, right: 0 },
  { top: 0, left: 1, bottom: 0, right: 2 },
  { top: 0, left: 3, bottom: 0, right: 4 },
];
const graph = buildCellGraph(gridFromMatrix(matrix, merges, 2));
const encoder = createHashedEncoder();
// The trained policy shipped in models/ (npm run train -- graphotter-policy).
const model = graphotterModelSchema.parse(
  JSON.parse(readFileSync(path.resolve("models", "graphotter-policy.json"), "utf8")),
);
const local: GraphotterPorts = { reasoner: "local", llm: null, encoder, model };

async function ask(question: string, ports: GraphotterPorts = local, params = {}) {
  const sink = createRecorder();
  const result = await runGraphotter(question, graph, "enrollment", params, ports, sink);
  return { result, events: sink.events as TraceEvent[] };
}

describe("GraphOTTER, local reasoner", () => {
  it("walks from the named row and column labels to the cell where they meet", async () => {
    const { result, events } = await ask("How many high school students were enrolled in Fresno in 2023-24?");
    expect(result.answer.values).toEqual(["415"]);
    expect(result.answer.operation).toBe("lookup");
    expect(result.answer.cells?.map((c) => c.node)).toContain("r3c4");
    const init = events.find((e) => e.type === "trace-init");
    expect(init && init.type === "trace-init" && init.nodes.length).toBeLessThanOrEqual(8);
    const actions = events.filter((e) => e.type === "graph-action");
    expect(actions.map((a) => a.type === "graph-action" && a.action)).toContain("GetSharedNeighbours");
    expect(actions.at(-1)).toMatchObject({ action: "AnswerQuestion" });
    expect(events.some((e) => e.type === "trace-update" && e.nodes.includes("r3c4"))).toBe(true);
    expect(result.nodesUsed).toBeLessThan(graph.nodes.length);
  });

  it("reads a summative node instead of adding, and subtracts when asked for a difference", async () => {
    expect((await ask("What was the total elementary enrollment in 2022-23?")).result.answer.values).toEqual(["400"]);
    const diff = await ask("What is the difference in Alameda elementary enrollment between 2022-23 and 2023-24?");
    expect(diff.result.answer).toMatchObject({ values: ["10"], operation: "difference" });
  });

  it("finds the row with the largest value for a which-question", async () => {
    const { result } = await ask("Which district had the highest high school enrollment in 2022-23?");
    expect(result.answer).toMatchObject({ values: ["Fresno"], operation: "argmax" });
  });

  it("says so when no cell matches the question, instead of guessing", async () => {
    const { result } = await ask("What is the airspeed velocity of an unladen swallow?");
    expect(result.answer.values).toEqual([]);
    expect(result.answer.text).toMatch(/no cell/i);
  });

  it("answers a one-cell table and stays fast on a 10,000-row sheet", async () => {
    const one = buildCellGraph(gridFromMatrix([["42"]]));
    const r1 = await runGraphotter("What is the value?", one, "one", {}, local, createRecorder());
    expect(r1.answer.text.length).toBeGreaterThan(0);
    const rows = Array.from({ length: 10_000 }, (_, r) => [`item ${r}`, r, r * 3]);
    const big = buildCellGraph(gridFromRows(["item", "count", "price"], rows));
    const start = performance.now();
    const r2 = await runGraphotter("What is the price of item 7345?", big, "big", {}, local, createRecorder());
    expect(r2.answer.values).toEqual([String(7345 * 3)]);
    expect(performance.now() - start).toBeLessThan(8000);
  }, 20_000);
});

describe("GraphOTTER, llm reasoner", () => {
  it("follows the model's thoughts and actions, detects a repeat, and answers from the trace", async () => {
    const llm = new FakeLlmPort([
      {
        object: {
          cells: [
            { id: "r3c0", explanation: "Fresno" },
            { id: "r0c3", explanation: "year" },
            { id: "nope", explanation: "bad" },
          ],
        },
      },
      {
        object: {
          cells: [
            { id: "r3c0", explanation: "Fresno" },
            { id: "r0c3", explanation: "year" },
          ],
        },
      },
      {
        object: {
          thought: "Fresno's row meets 2023-24's columns.",
          action: "GetSharedNeighbours",
          args: ["r3c0", "r0c3"],
        },
        inputTokens: 100,
        outputTokens: 20,
      },
      { object: { thought: "Again.", action: "GetSharedNeighbours", args: ["r0c3", "r3c0"] } },
      { object: { thought: "Enough.", action: "AnswerQuestion", args: [] } },
      { object: { cells: ["r3c4"], operation: "lookup", explanation: "High in 2023-24 for Fresno.", answer: ["415"] } },
    ]);
    const { result, events } = await ask("How many high school students in Fresno in 2023-24?", {
      reasoner: "llm",
      llm,
      encoder,
      model,
    });
    expect(result.answer).toMatchObject({
      values: ["415"],
      operation: "lookup",
      explanation: "High in 2023-24 for Fresno.",
    });
    expect(llm.requests).toHaveLength(6);
    // The second call is the repair of the first: it names the unknown node.
    expect(JSON.stringify(llm.requests[1])).toContain("nope");
    const actions = events.filter((e) => e.type === "graph-action");
    expect(actions.map((a) => a.type === "graph-action" && [a.action, a.reasoner, !!a.repeated])).toEqual([
      ["GetSharedNeighbours", "llm", false],
      ["GetSharedNeighbours", "llm", true],
      ["AnswerQuestion", "llm", false],
    ]);
    expect(JSON.stringify(llm.requests[4])).toContain("already done");
    expect(result.tokens.input).toBeGreaterThanOrEqual(100);
  });

  it("falls back to the local policy when the model fails, with a warning", async () => {
    const llm = new FakeLlmPort([]);
    const { result, events } = await ask("How many high school students were enrolled in Fresno in 2023-24?", {
      reasoner: "llm",
      llm,
      encoder,
      model,
    });
    expect(result.answer.values).toEqual(["415"]);
    expect(events.some((e) => e.type === "warning" && e.code === "llm_fallback")).toBe(true);
  });
});
