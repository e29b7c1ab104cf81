import { describe, expect, it } from "vitest";
import { FakeLlmPort } from "../../reasoner/testing/steps";
import { createRecorder, type TraceEventOf } from "../../trace";
import { DEFAULT_FGTR_PARAMS } from "./params";
import { parseQuestionLocally } from "../../reasoner/question/parse";
import { sampleSetup } from "../../retrieval/testing/setup";
import { findValueHints } from "../../reasoner/question/value-hints";
import { mappingInputFor, voteSchema } from "./voting";

const question = "How many schools in Contra Costa are directly funded?";

describe("schema mapping with the local reasoner", () => {
  it("runs K genuinely different scorers, shuffles per round and keeps votes ≥ θ·K", async () => {
    const { ports } = await sampleSetup();
    const hints = await findValueHints(question, ports);
    const parsed = parseQuestionLocally(question, hints);
    const sink = createRecorder();
    const sel = await voteSchema(question, parsed, hints, DEFAULT_FGTR_PARAMS, ports, sink);
    const votes = sink.events.filter((e): e is TraceEventOf<"schema-vote"> => e.type === "schema-vote");
    expect(new Set(votes.map((v) => v.scorer))).toEqual(
      new Set(["name-overlap", "description", "value-hits", "char-ngrams", "combined"]),
    );
    expect(sel.kept).toEqual(
      expect.arrayContaining([
        { table: "counties", column: "name" },
        { table: "schools", column: "funding" },
      ]),
    );
    const selection = sink.events.find((e): e is TraceEventOf<"schema-selection"> => e.type === "schema-selection")!;
    expect(selection).toMatchObject({ k: 5, theta: 0.6 });
    for (const c of selection.columns)
      expect(selection.kept.some((k) => k.table === c.table && k.column === c.column)).toBe(c.votes >= 3);
    const orders = [0, 1, 2].map((r) =>
      mappingInputFor(question, parsed, hints, ports, 1, r)
        .tables.map((t) => t.table)
        .join(","),
    );
    expect(new Set(orders).size).toBeGreaterThan(1);
    expect(mappingInputFor(question, parsed, hints, ports, 1, 2)).toEqual(
      mappingInputFor(question, parsed, hints, ports, 1, 2),
    );
  });

  it("a round whose scorer finds nothing abstains instead of voting against every column", async () => {
    const { ports } = await sampleSetup();
    const select = async (q: string) => {
      const sink = createRecorder();
      const sel = await voteSchema(q, parseQuestionLocally(q, []), [], DEFAULT_FGTR_PARAMS, ports, sink);
      const votes = sink.events.filter((e): e is TraceEventOf<"schema-vote"> => e.type === "schema-vote");
      const selection = sink.events.find((e): e is TraceEventOf<"schema-selection"> => e.type === "schema-selection");
      return { sel, votes, selection: selection! };
    };
    // Four rounds vote for the city column and one finds nothing: four of four, not four of five.
    const cities = await select("How many different cities?");
    expect(cities.votes.filter((v) => v.columns.length === 0)).toHaveLength(1);
    expect(cities.selection.columns.find((c) => c.column === "city")).toMatchObject({ votes: 4, frequency: 1 });
    // One voting round is fewer than half of K: its single vote does not make a selection.
    const spans = await select("How many distinct grade spans are there?");
    expect(spans.votes.filter((v) => v.columns.length > 0)).toHaveLength(1);
    expect(spans.sel.kept).toEqual([]);
  });

  it("θ = 1 keeps only unanimous columns; K = 1 keeps the single round's vote", async () => {
    const { ports } = await sampleSetup();
    const parsed = parseQuestionLocally(question);
    const all = await voteSchema(question, parsed, [], { ...DEFAULT_FGTR_PARAMS, theta: 1 }, ports, createRecorder());
    const loose = await voteSchema(
      question,
      parsed,
      [],
      { ...DEFAULT_FGTR_PARAMS, theta: 0.2 },
      ports,
      createRecorder(),
    );
    expect(loose.kept.length).toBeGreaterThanOrEqual(all.kept.length);
    const one = await voteSchema(question, parsed, [], { ...DEFAULT_FGTR_PARAMS, k: 1 }, ports, createRecorder());
    for (const [, f] of one.frequency) expect(f).toBe(1);
  });
});

describe("schema mapping with the llm reasoner", () => {
  it("asks K times at temperature > 0 with shuffled schemas, repairs invented columns, and votes", async () => {
    const good = {
      reasoning: "county name and funding type",
      columns: [
        { table: "counties", column: "name" },
        { table: "schools", column: "funding" },
      ],
    };
    const invented = { reasoning: "x", columns: [{ table: "schools", column: "county" }] };
    const llm = new FakeLlmPort([
      { object: good },
      { object: invented },
      { object: good },
      { object: good },
      { object: { reasoning: "only funding", columns: [{ table: "schools", column: "funding" }] } },
      { object: good },
    ]);
    const { ports } = await sampleSetup({ reasoner: "llm", llm });
    const parsed = parseQuestionLocally(question);
    const sink = createRecorder();
    const sel = await voteSchema(question, parsed, [], DEFAULT_FGTR_PARAMS, ports, sink);
    expect(llm.requests).toHaveLength(6);
    expect(llm.requests.every((r) => (r.temperature ?? 0) > 0)).toBe(true);
    expect(llm.requests.some((r) => r.prompt.includes('column "schools.county" is not in the schema'))).toBe(true);
    expect(llm.requests[0].prompt).toMatch(/<data name="schema">/);
    expect(sel.kept).toEqual(
      expect.arrayContaining([
        { table: "counties", column: "name" },
        { table: "schools", column: "funding" },
      ]),
    );
    const votes = sink.events.filter((e) => e.type === "schema-vote");
    expect(votes.every((v) => v.reasoner === "llm")).toBe(true);
  });
});
