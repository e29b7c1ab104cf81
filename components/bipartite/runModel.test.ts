import { describe, expect, it } from "vitest";
import { createRecorder } from "@/lib/core/trace";
import { answerStar, fallbackLabel, runGraphModel, starPassages } from "./runModel";

function events() {
  const r = createRecorder();
  r.emit({
    type: "edge-retrieval",
    k: 400,
    edges: [
      { segment: "s:films:4", passage: "p:3", score: 0.9 },
      { segment: "s:films:2", passage: null, score: 0.3 },
    ],
  });
  r.emit({ type: "seed-selection", beam: 10, nodes: [{ node: "s:films:4", score: 0.8 }] });
  r.emit({ type: "expansion", beam: 10, edges: [{ from: "s:films:4", to: "p:1", score: 0.1 }] });
  r.emit({ type: "passage-verification", passage: "p:1", segment: "s:films:4", keep: false, reason: "no" });
  r.emit({
    type: "rerank",
    stage: "final-ranking",
    k: 2,
    edges: [{ segment: "s:films:4", passage: "p:3", score: 0.9 }],
  });
  r.emit({
    type: "answer",
    text: "Tainan",
    values: ["Tainan"],
    evidence: [{ table: "films", column: "title", rowId: 4, value: "Glass Rivers" }],
    passages: ["p:3"],
  });
  return r.events;
}

describe("runGraphModel", () => {
  it("grows with the events: retrieval, seeds, expansion, verification, final ranking and the answer", () => {
    const all = events();
    const grown = all.map((_, i) => runGraphModel(all.slice(0, i + 1), fallbackLabel).edges.length);
    expect(grown).toEqual([1, 1, 2, 2, 2, 2]);
    const model = runGraphModel(all, fallbackLabel);
    expect(model.edges.find((e) => e.passage === "p:1")?.marks).toEqual(["expanded", "dropped"]);
    expect(model.edges.find((e) => e.passage === "p:3")?.marks).toEqual(["retrieved", "final"]);
    expect(model.nodes.find((n) => n.id === "s:films:4")).toMatchObject({
      side: "segment",
      label: "films #4",
      marks: ["seed", "answer"],
    });
    expect(model.nodes.find((n) => n.id === "s:films:2")?.marks).toEqual(["retrieved"]);
  });

  it("finds the answer's star and a row's passages in the final ranking", () => {
    expect(answerStar(events())).toEqual({ segment: "s:films:4", passages: ["p:3"] });
    expect(starPassages(events(), "s:films:4")).toEqual(["p:3"]);
    expect(answerStar(events().slice(0, 3))).toBeNull();
  });
});
