import { describe, expect, it } from "vitest";
import { createRecorder } from "../../trace";
import { linkEntities } from "./entity-linking";
import { buildHeliosIndex } from "./graph-index";
import { runHelios } from "./run-helios";
import { filmPassages, filmSegments } from "./testing/films";

function filmIndex() {
  const links = linkEntities(filmSegments, filmPassages);
  return buildHeliosIndex({ segments: filmSegments, passages: filmPassages, links });
}

describe("entity linking (early fusion)", () => {
  it(
    "links cells to titles exactly, after normalisation and without a disambiguation suffix, " +
      "and not to unrelated passages",
    () => {
      const links = linkEntities(filmSegments, filmPassages);
      const pairs = links.map((l) => `${l.segment}->${l.passage}:${l.kind}`).sort();
      expect(pairs).toEqual([
        "s:films:1->p:1:exact",
        "s:films:2->p:2:exact",
        "s:films:2->p:4:exact",
        "s:films:3->p:1:exact",
        "s:films:4->p:3:exact",
      ]);
    },
  );

  it("uses hyperlinks from the data and fuzzy names through the encoder", () => {
    const seg = {
      ...filmSegments[0],
      id: "s:x:1",
      values: [1994, "Red Harbor", "anna kowalska", 12] as Array<string | number | null>,
    };
    const links = linkEntities([seg], filmPassages, new Map([["s:x:1", ["/wiki/Gdansk"]]]));
    expect(links.find((l) => l.passage === "p:5")).toMatchObject({ kind: "hyperlink" });
    expect(links.find((l) => l.passage === "p:1")).toMatchObject({ kind: "normalised", column: "director" });
  });
});

describe("runHelios (local reasoner)", () => {
  it("answers from a linked passage: the birthplace of a film's director", async () => {
    const sink = createRecorder();
    const result = await runHelios(
      "Where was the director of Glass Rivers born?",
      {},
      { index: filmIndex(), reasoner: "local" },
      sink,
    );
    expect(result.answer.text).toBe("Tainan");
    expect(result.answer.passages).toContain("p:3");
    expect(result.answer.sentences?.[0]).toMatchObject({ passage: "p:3", text: "She was born in Tainan." });
    expect(result.answer.evidence).toContainEqual({ table: "films", column: "title", rowId: 4, value: "Glass Rivers" });
    const kinds = sink.events.map((e) => e.type);
    for (const k of [
      "edge-retrieval",
      "rerank",
      "seed-selection",
      "expansion",
      "aggregation",
      "passage-verification",
      "step-end",
    ])
      expect(kinds).toContain(k);
    expect(result.ranked[0].segment).toBe("s:films:4");
  });

  it("answers from a cell of the row with the extreme value after column-wise aggregation", async () => {
    const sink = createRecorder();
    const result = await runHelios(
      "Which film had the highest gross?",
      {},
      { index: filmIndex(), reasoner: "local" },
      sink,
    );
    const agg = sink.events.find((e) => e.type === "aggregation");
    expect(agg).toMatchObject({ needed: true, operation: "max(gross)" });
    expect((agg as { rows: string[] }).rows[0]).toBe("s:films:2");
    expect(result.answer.text).toBe("The Quiet Field");
  });

  it("adds edges that entity linking missed through node expansion, and skips it in the ablation", async () => {
    const index = filmIndex();
    const withX = await runHelios(
      "Which studio produced the 1996 film?",
      { k2: 3 },
      { index, reasoner: "local" },
      createRecorder(),
    );
    const without = await runHelios(
      "Which studio produced the 1996 film?",
      { k2: 3, expansion: false },
      { index, reasoner: "local" },
      createRecorder(),
    );
    expect(withX.ranked.length).toBeGreaterThan(without.ranked.length);
    expect(withX.answer.text).toBe("Northlight Studios");
  });
});
