// Gradient-boosted regression trees for log-loss (Friedman 2001), small and deterministic: exact
// best splits over feature values sorted once, fixed depth, shrinkage, no sampling.
import type { BoostedTrees, TreeNode } from "../../../lib/core/index/join-scorer.ts";

type Options = { trees: number; depth: number; rate: number; minLeaf: number; l2: number };

/** Row indices sorted by each feature (ties by index), computed once and filtered per node. */
type Presorted = Int32Array[];

function presort(x: number[][]): Presorted {
  return x[0].map((_, f) => Int32Array.from(x.map((_, i) => i).sort((a, b) => x[a][f] - x[b][f] || a - b)));
}

function buildTree(
  x: number[][],
  order: Presorted,
  grad: number[],
  hess: number[],
  rows: number[],
  depth: number,
  o: Options,
  nodes: TreeNode[],
): number {
  const g = rows.reduce((s, i) => s + grad[i], 0);
  const h = rows.reduce((s, i) => s + hess[i], 0);
  const index = nodes.length;
  nodes.push({ leaf: -g / (h + o.l2) });
  if (depth === 0 || rows.length < 2 * o.minLeaf) return index;
  const parentGain = (g * g) / (h + o.l2);
  const inNode = new Uint8Array(x.length);
  for (const i of rows) inNode[i] = 1;
  let best: { gain: number; feature: number; threshold: number } | null = null;
  for (let f = 0; f < order.length; f++) {
    let gl = 0;
    let hl = 0;
    let k = 0;
    let prev = -1;
    for (const i of order[f]) {
      if (!inNode[i]) continue;
      if (prev >= 0) {
        const [v, next] = [x[prev][f], x[i][f]];
        const right = rows.length - k;
        if (v !== next && k >= o.minLeaf && right >= o.minLeaf) {
          const gain = (gl * gl) / (hl + o.l2) + ((g - gl) * (g - gl)) / (h - hl + o.l2) - parentGain;
          if (gain > 1e-9 && (!best || gain > best.gain)) best = { gain, feature: f, threshold: (v + next) / 2 };
        }
      }
      gl += grad[i];
      hl += hess[i];
      k++;
      prev = i;
    }
  }
  if (!best) return index;
  const { feature, threshold } = best;
  const left = buildTree(
    x,
    order,
    grad,
    hess,
    rows.filter((i) => x[i][feature] < threshold),
    depth - 1,
    o,
    nodes,
  );
  const right = buildTree(
    x,
    order,
    grad,
    hess,
    rows.filter((i) => x[i][feature] >= threshold),
    depth - 1,
    o,
    nodes,
  );
  nodes[index] = { feature, threshold, left, right };
  return index;
}

function treeValue(nodes: TreeNode[], x: number[]): number {
  let n = nodes[0];
  while (!("leaf" in n)) n = nodes[x[n.feature] < n.threshold ? n.left : n.right];
  return n.leaf;
}

/** Fits boosted trees; margins start at the log-odds of the base rate. */
export function fitBoostedTrees(
  x: number[][],
  y: boolean[],
  o: Options,
): Pick<BoostedTrees, "base" | "rate" | "trees"> {
  const positives = y.filter(Boolean).length;
  const base = Math.log((positives + 1) / (y.length - positives + 1));
  const margin = new Array<number>(x.length).fill(base);
  const trees: TreeNode[][] = [];
  const rows = x.map((_, i) => i);
  const order = presort(x);
  for (let t = 0; t < o.trees; t++) {
    const p = margin.map((m) => 1 / (1 + Math.exp(-m)));
    const grad = p.map((pi, i) => pi - (y[i] ? 1 : 0));
    const hess = p.map((pi) => Math.max(1e-6, pi * (1 - pi)));
    const nodes: TreeNode[] = [];
    buildTree(x, order, grad, hess, rows, o.depth, o, nodes);
    trees.push(nodes);
    for (let i = 0; i < x.length; i++) margin[i] += o.rate * treeValue(nodes, x[i]);
  }
  return { base, rate: o.rate, trees };
}
