import { describe, expect, it } from "vitest";
import type { JoinCandidate } from "../model/index-types";
import { JOIN_FEATURES, type JoinSide } from "./join-features";
import { joinProbability, joinScorerModelSchema, scoreJoins, type JoinScorerModel } from "./join-scorer";
import { columnKey } from "../model/column-ref";

const n = JOIN_FEATURES.length;
const omegaAt = JOIN_FEATURES.indexOf("omega");

/** A logistic model that reads ω only: P = σ(4·(ω − 1)), so ω 1 ↦ 0.5. */
function omegaModel(over: Partial<JoinScorerModel> = {}): JoinScorerModel {
  const weights = new Array<number>(n).fill(0);
  weights[omegaAt] = 4;
  return {
    kind: "logistic-regression",
    features: [...JOIN_FEATURES],
    mean: new Array<number>(n).fill(0),
    scale: new Array<number>(n).fill(1),
    weights,
    bias: -4,
    threshold: 0.5,
    oneTargetPerColumn: false,
    ...over,
  } as JoinScorerModel;
}

const side = (table: string, column: string, uniqueness = 1): JoinSide => ({
  table,
  column,
  name: column,
  type: "integer",
  rowCount: 10,
  distinct: 10,
  uniqueness,
  nullShare: 0,
  min: 1,
  max: 10,
  isTableKey: false,
  isFirstColumn: false,
});

function cand(
  from: [string, string],
  to: [string, string],
  omega: number,
  rule: JoinCandidate["rule"] = "omega",
  uniquenessFrom = 0.5,
): JoinCandidate {
  return {
    from: { table: from[0], column: from[1] },
    to: { table: to[0], column: to[1] },
    omega,
    semantic: 0.5,
    jaccard: 0.5,
    containment: 1,
    jaccardEstimated: false,
    rule,
    uniquenessFrom,
    uniquenessTo: 1,
  };
}

const sides = new Map(
  [side("a", "x", 0.5), side("b", "y"), side("c", "z"), side("d", "w", 0.5)].map((s) => [
    columnKey(s.table, s.column),
    s,
  ]),
);

describe("join scorer", () => {
  it("refuses weights trained on other features or of the wrong length", () => {
    expect(joinScorerModelSchema.safeParse(omegaModel()).success).toBe(true);
    expect(joinScorerModelSchema.safeParse({ ...omegaModel(), features: ["omega"] }).success).toBe(false);
    expect(joinScorerModelSchema.safeParse({ ...omegaModel(), weights: [1] }).success).toBe(false);
  });

  it("passes candidates at or above the threshold and always passes declared keys", () => {
    const scored = scoreJoins(
      [
        cand(["a", "x"], ["b", "y"], 1.5),
        cand(["a", "x"], ["c", "z"], 0.4),
        cand(["d", "w"], ["c", "z"], 0.2, "declared"),
      ],
      sides,
      omegaModel(),
    );
    const by = (t: string) =>
      scored.find(
        (c) => c.from.table === t && c.to.table === (t === "d" ? "c" : t === "a" && c.omega > 1 ? "b" : "c"),
      )!;
    expect(by("a")).toMatchObject({ passes: true });
    expect(by("a").probability).toBeCloseTo(1 / (1 + Math.exp(-2)));
    expect(scored.find((c) => c.omega === 0.4)).toMatchObject({ passes: false });
    expect(scored.find((c) => c.rule === "declared")).toMatchObject({ passes: true });
    expect(scored[0].rule).toBe("declared");
  });

  it("gives a candidate whose column has no profile no probability, and does not pass it", () => {
    const [c] = scoreJoins([cand(["a", "x"], ["zz", "q"], 1.9)], sides, omegaModel());
    expect(c.probability).toBeUndefined();
    expect(c.passes).toBe(false);
  });

  it("keeps one target per repeating column when asked (the most probable)", () => {
    const joins = [cand(["a", "x"], ["b", "y"], 1.9), cand(["a", "x"], ["c", "z"], 1.5)];
    expect(scoreJoins(joins, sides, omegaModel()).filter((c) => c.passes)).toHaveLength(2);
    const one = scoreJoins(joins, sides, omegaModel({ oneTargetPerColumn: true })).filter((c) => c.passes);
    expect(one.map((c) => c.to.table)).toEqual(["b"]);
    // A unique column may be the key several tables share: the rule leaves it alone.
    const unique = [cand(["a", "x"], ["b", "y"], 1.9, "omega", 1), cand(["a", "x"], ["c", "z"], 1.5, "omega", 1)];
    expect(scoreJoins(unique, sides, omegaModel({ oneTargetPerColumn: true })).filter((c) => c.passes)).toHaveLength(2);
  });

  it("walks boosted trees: the base log-odds plus each tree's leaf times the rate", () => {
    const model = joinScorerModelSchema.parse({
      kind: "boosted-trees",
      features: [...JOIN_FEATURES],
      threshold: 0.5,
      oneTargetPerColumn: false,
      base: 0,
      rate: 0.5,
      trees: [[{ feature: omegaAt, threshold: 1, left: 1, right: 2 }, { leaf: -2 }, { leaf: 2 }]],
    });
    const x = (omega: number) => JOIN_FEATURES.map((f) => (f === "omega" ? omega : 0));
    expect(joinProbability(model, x(1.5))).toBeCloseTo(1 / (1 + Math.exp(-1)));
    expect(joinProbability(model, x(0.5))).toBeCloseTo(1 / (1 + Math.exp(1)));
  });
});
