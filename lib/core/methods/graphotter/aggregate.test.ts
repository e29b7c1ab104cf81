import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildCellGraph } from "../../cell-graph/graph";
import { gridFromMatrix } from "../../cell-graph/grid";
import { createHashedEncoder } from "../../text";
import { createRecorder } from "../../trace";
import { answerFromCells } from "./aggregate";
import type { OperationClass } from "./operation";
import { graphotterModelSchema } from "./policy-model";
import { readOnTable } from "./question-reading";
import { runGraphotter } from "./run-graphotter";
import { tableIndexOf } from "./table-index";

/** A two-level table generated from a seed: years over sexes, regions under two sections, section totals. */
function generated(seed: number) {
  let s = seed;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) % 900;
  const years = ["2021", "2022"];
  const sexes = ["women", "men"];
  const sections = { east: ["harbour", "valley"], west: ["plains", "ridge", "coast"] };
  const values = new Map<string, number>();
  const matrix: Array<Array<string | number | null>> = [
    ["region", "2021", null, "2022", null],
    [null, "women", "men", "women", "men"],
  ];
  for (const [section, regions] of Object.entries(sections)) {
    matrix.push([section, null, null, null, null]);
    const total = [0, 0, 0, 0];
    for (const region of regions) {
      const row = years.flatMap(() => sexes.map(() => 100 + next()));
      row.forEach((v, k) => {
        total[k] += v;
        values.set(`${region}|${years[k >> 1]}|${sexes[k & 1]}`, v);
      });
      matrix.push([region, ...row]);
    }
    matrix.push([`total ${section}`, ...total]);
    total.forEach((v, k) => values.set(`total ${section}|${years[k >> 1]}|${sexes[k & 1]}`, v));
  }
  const merges = [
    { top: 0, left: 1, bottom: 0, right: 2 },
    { top: 0, left: 3, bottom: 0, right: 4 },
    { top: 0, left: 0, bottom: 1, right: 0 },
  ];
  return { graph: buildCellGraph(gridFromMatrix(matrix, merges, 2)), v: (k: string) => values.get(k)! };
}

const encoder = createHashedEncoder();
// The trained policy shipped in models/: its cell model chooses which cells the headers select.
const trained = graphotterModelSchema.parse(
  JSON.parse(readFileSync(path.resolve("models", "graphotter-policy.json"), "utf8")),
);
const { graph, v } = generated(7);
const index = tableIndexOf(graph);
const allCells = index.tree.cells.map((_, i) => i);

/** The answer of an operation over every body cell, the question's headers choosing the cells. */
function aggregate(question: string, operation: OperationClass) {
  const reading = readOnTable(index, question, trained, encoder);
  reading.operation = operation;
  return answerFromCells(reading, allCells, null)!;
}

describe("aggregation over header groups on a generated two-level table", () => {
  it("sums, averages and subtracts the cells the named headers select", () => {
    const sum = aggregate("What was the combined number of women in harbour and valley in 2022?", "sum");
    expect(Number(sum.answer[0])).toBe(v("harbour|2022|women") + v("valley|2022|women"));
    const avg = aggregate("What was the average number of men in plains and ridge in 2021?", "average");
    expect(Number(avg.answer[0])).toBeCloseTo((v("plains|2021|men") + v("ridge|2021|men")) / 2, 5);
    const diff = aggregate("How many more women than men lived in coast in 2022?", "difference");
    expect(Number(diff.answer[0])).toBe(Math.abs(v("coast|2022|women") - v("coast|2022|men")));
  });

  it("takes a ratio of a part to its section's total row when only the part is named", () => {
    const r = aggregate("What proportion of women in 2021 lived in valley?", "ratio");
    expect(Number(r.answer[0])).toBeCloseTo(v("valley|2021|women") / v("total east|2021|women"), 5);
  });

  it("names the largest entry of a group, leaving the total row out", () => {
    const r = aggregate("Which region had the most men in 2022 in the west?", "argmax");
    const west = ["plains", "ridge", "coast"];
    const best = west.reduce((a, b) => (v(`${b}|2022|men`) > v(`${a}|2022|men`) ? b : a));
    expect(r.answer).toEqual([best]);
  });
});

describe("GraphOTTER with the trained policy on the generated table", () => {
  it("walks to the named cells and computes the difference the question asks for", async () => {
    const sink = createRecorder();
    const q = "What is the difference between the number of women and men in harbour in 2021?";
    const r = await runGraphotter(
      q,
      graph,
      "regions",
      {},
      { reasoner: "local", llm: null, encoder, model: trained },
      sink,
    );
    expect(r.answer.operation).toBe("difference");
    expect(Number(r.answer.values[0])).toBe(Math.abs(v("harbour|2021|women") - v("harbour|2021|men")));
    expect(r.answer.walk?.cellsReached).toBeLessThan(index.tree.cells.length);
  });
});
