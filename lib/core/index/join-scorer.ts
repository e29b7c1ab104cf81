import { z } from "zod";
import type { JoinCandidate } from "../model/index-types";
import { JOIN_FEATURES, joinCompetition, joinFeatures, type JoinSide } from "./join-features";
import { columnKey } from "../model/column-ref";

/**
 * The learned join-candidate scorer's weights (models/join-scorer.json): an L2-regularised
 * logistic regression over standardised JOIN_FEATURES, trained on declared foreign keys (positives)
 * and the other candidates join discovery proposes (negatives) in Spider's train databases.
 */
const treeNodeSchema = z.union([
  z.object({ leaf: z.number() }),
  z.object({
    feature: z.number().int().nonnegative(),
    threshold: z.number(),
    left: z.number().int(),
    right: z.number().int(),
  }),
]);
export type TreeNode = z.infer<typeof treeNodeSchema>;

const logisticSchema = z.object({
  kind: z.literal("logistic-regression"),
  mean: z.array(z.number()),
  scale: z.array(z.number().positive()),
  weights: z.array(z.number()),
  bias: z.number(),
});
const boostedSchema = z.object({
  kind: z.literal("boosted-trees"),
  /** Log-odds every margin starts from. */
  base: z.number(),
  /** Shrinkage each tree's leaf value is multiplied by. */
  rate: z.number().positive(),
  /** Each tree as a node array, root first; an inner node sends x[feature] < threshold left. */
  trees: z.array(z.array(treeNodeSchema).min(1)),
});
export type BoostedTrees = z.infer<typeof boostedSchema>;

const commonSchema = z.object({
  features: z.array(z.string()),
  /** Probability at or above which a candidate is shown as a join and used by the methods. */
  threshold: z.number().min(0).max(1),
  /** HoPF-style choice: a repeating referencing column keeps only its most probable passing target. */
  oneTargetPerColumn: z.boolean(),
});

/**
 * The learned join-candidate scorer's weights (models/join-scorer.json): a classifier over
 * JOIN_FEATURES (logistic regression or boosted trees), trained on declared foreign keys
 * (positives) and the other candidates join discovery proposes (negatives) in Spider's train databases.
 */
export const joinScorerModelSchema = z
  .union([commonSchema.extend(logisticSchema.shape), commonSchema.extend(boostedSchema.shape)])
  .refine((m) => m.features.join() === JOIN_FEATURES.join(), {
    message: "the model was trained on other features than this code computes",
  })
  .refine(
    (m) =>
      m.kind !== "logistic-regression" || [m.mean, m.scale, m.weights].every((a) => a.length === m.features.length),
    {
      message: "weights do not match the features",
    },
  )
  .refine(
    (m) =>
      m.kind !== "boosted-trees" ||
      m.trees.every((t) =>
        t.every(
          (n) =>
            "leaf" in n ||
            (n.feature < m.features.length && n.left < t.length && n.right < t.length && n.left > 0 && n.right > 0),
        ),
      ),
    {
      message: "a tree refers to a feature or node that does not exist",
    },
  );
export type JoinScorerModel = z.infer<typeof joinScorerModelSchema>;

// A column at least this unique is a key: the one-target rule leaves it alone.
const UNIQUE = 0.99;

/** Columns by schema node id (columnKey(table, column)), as the scorer looks them up. */
export type JoinSides = ReadonlyMap<string, JoinSide>;

/** P(real join) of one feature vector. */
export function joinProbability(model: JoinScorerModel, x: readonly number[]): number {
  let z: number;
  if (model.kind === "logistic-regression") {
    z = model.bias;
    for (let i = 0; i < x.length; i++) z += model.weights[i] * ((x[i] - model.mean[i]) / model.scale[i]);
  } else {
    z = model.base;
    for (const tree of model.trees) z += model.rate * leafValue(tree, x);
  }
  return 1 / (1 + Math.exp(-z));
}

function leafValue(tree: readonly TreeNode[], x: readonly number[]): number {
  let n = tree[0];
  // Children always come after their parent (checked by the schema), so this walk ends.
  for (let steps = 0; !("leaf" in n) && steps < tree.length; steps++)
    n = tree[x[n.feature] < n.threshold ? n.left : n.right];
  return "leaf" in n ? n.leaf : 0;
}

/** The feature vectors of one dataset's candidates (null where a side's profile is unknown), in input order. */
export function candidateFeatures(joins: readonly JoinCandidate[], sides: JoinSides): Array<number[] | null> {
  const competition = joinCompetition(joins);
  return joins.map((c, i) => {
    const from = sides.get(columnKey(c.from.table, c.from.column));
    const to = sides.get(columnKey(c.to.table, c.to.column));
    return from && to ? joinFeatures(c, from, to, competition[i]) : null;
  });
}

/**
 * Scores join candidates with the learned model: each gets `probability` and `passes`. Declared
 * keys always pass (the data says so); a discovered one passes when its probability reaches the
 * model's threshold and, with oneTargetPerColumn, it is its referencing column's best target.
 * A candidate whose columns have no profile gets no probability and does not pass. Returns the
 * candidates most probable first, declared keys first of all.
 */
export function scoreJoins(joins: readonly JoinCandidate[], sides: JoinSides, model: JoinScorerModel): JoinCandidate[] {
  const features = candidateFeatures(joins, sides);
  const scored = joins.map((c, i): JoinCandidate => {
    const x = features[i];
    const probability = x ? joinProbability(model, x) : undefined;
    const passes = c.rule === "declared" || (probability !== undefined && probability >= model.threshold);
    return { ...c, probability, passes };
  });
  if (model.oneTargetPerColumn) keepBestTargetPerColumn(scored);
  const rank = (c: JoinCandidate) => (c.rule === "declared" ? 2 : 0) + (c.probability ?? 0);
  return scored.sort((a, b) => rank(b) - rank(a) || b.omega - a.omega);
}

/**
 * A foreign-key column references one column: among its passing discovered targets keep the best.
 * Only for a referencing side that repeats values; a unique one may be the key several tables use.
 */
function keepBestTargetPerColumn(scored: JoinCandidate[]): void {
  const best = new Map<string, JoinCandidate>();
  const constrained = (c: JoinCandidate) => c.passes && c.uniquenessFrom < UNIQUE;
  for (const c of scored) {
    if (!constrained(c)) continue;
    const key = columnKey(c.from.table, c.from.column);
    const held = best.get(key);
    const strength = (j: JoinCandidate) => (j.rule === "declared" ? 2 : (j.probability ?? 0));
    if (!held || strength(c) > strength(held)) best.set(key, c);
  }
  for (const c of scored) {
    if (constrained(c) && c.rule !== "declared" && best.get(columnKey(c.from.table, c.from.column)) !== c)
      c.passes = false;
  }
}
