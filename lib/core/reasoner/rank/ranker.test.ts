import { describe, expect, it } from "vitest";
import type { ProgramShape } from "./features";
import { rankPrograms } from "./rank";
import { programRankerSchema, softmax, type ProgramRanker } from "./ranker";
import { FeatureIndex, trainLogLinear } from "./train";
import { candidateFeatures, denotationOf } from "./rank";

const shape = (kind: string, fromRules = false): ProgramShape => ({
  tags: [`kind:${kind}`],
  columns: [],
  tables: 1,
  fromRules,
});
const candidates = [
  { sql: "SELECT name FROM t", shape: shape("project", true), reading: "name of t" },
  { sql: "SELECT COUNT(*) FROM t", shape: shape("count"), reading: "number of t" },
  { sql: "SELECT AVG(age) FROM t", shape: shape("aggregate-avg"), reading: "average age of t" },
];
const questions = [
  "how many singers are there",
  "what is the average age",
  "list the names",
  "how many songs",
  "what is the average price",
  "show the names of all singers",
];
const gold = (q: string) => (q.startsWith("how many") ? 1 : q.includes("average") ? 2 : 0);
const ok = denotationOf({ rows: [[1]], columns: ["x"] });

function trained(): ProgramRanker {
  const index = new FeatureIndex();
  const groups = questions.map((q) => {
    const f = candidates.map((c) => candidateFeatures(q, c, ok));
    return {
      statics: f.map((x) => index.compact(x.static)),
      full: f.map((x) => index.compact(x.full)),
      positive: candidates.map((_, i) => i === gold(q)),
    };
  });
  const options = { epochs: 20, learningRate: 0.2, l2: 1e-4, seed: 7 };
  return programRankerSchema.parse({
    format: "tablesight.program-ranker",
    version: 1,
    execute: 2,
    margin: 0,
    static: trainLogLinear(
      groups.map((g) => ({ features: g.statics, positive: g.positive })),
      index,
      options,
    ),
    full: trainLogLinear(
      groups.map((g) => ({ features: g.full, positive: g.positive })),
      index,
      options,
    ),
  });
}

describe("program ranker", () => {
  it("learns from execution labels which shapes the question's words go with", async () => {
    const model = trained();
    const run = async () => ({ rows: [[1]], columns: ["x"] });
    expect((await rankPrograms("how many cities are there", candidates, model, run))[0].candidate.sql).toBe(
      "SELECT COUNT(*) FROM t",
    );
    expect((await rankPrograms("what is the average height", candidates, model, run))[0].candidate.sql).toBe(
      "SELECT AVG(age) FROM t",
    );
  });

  it("is deterministic: the same data and seed give the same weights and ranking", async () => {
    expect(JSON.stringify(trained())).toBe(JSON.stringify(trained()));
    const model = trained();
    const run = async () => ({ rows: [[1]], columns: ["x"] });
    const a = await rankPrograms("list the cities", candidates, model, run);
    const b = await rankPrograms("list the cities", candidates, model, run);
    expect(a.map((x) => [x.candidate.sql, x.score])).toEqual(b.map((x) => [x.candidate.sql, x.score]));
  });

  it("executes only its budget of candidates and gives probabilities that sum to one", async () => {
    const executed: string[] = [];
    const ranked = await rankPrograms(
      "how many",
      candidates,
      trained(),
      async (c) => (executed.push(c.sql), { rows: [], columns: [] }),
      2,
    );
    expect(executed).toHaveLength(2);
    expect(ranked.reduce((a, r) => a + r.probability, 0)).toBeCloseTo(1, 6);
    expect(softmax([1000, 1000])).toEqual([0.5, 0.5]);
  });

  it("refuses malformed weights with a message naming the field", () => {
    const bad = programRankerSchema.safeParse({
      format: "tablesight.program-ranker",
      version: 1,
      execute: 0,
      margin: 0,
      static: {},
      full: {},
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(["execute"]);
  });
});
