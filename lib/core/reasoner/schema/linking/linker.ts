import { LINK_FEATURES, linkFeatures, type LinkColumn, type LinkHint } from "./features";
import { assertCompatible, predictProbability, type LinkerWeights } from "./model";
import { readQuestion } from "./question";

/** A column's linking probability for one question. */
export type ColumnLink = { table: string; column: string; probability: number };

/** The trained schema linker, as methods receive it through their ports. */
export type SchemaLinker = {
  /** Probability from which a column counts as linked. */
  cut: number;
  /** P(column is used by the question's query) for every column, in the given order. */
  link(question: string, columns: readonly LinkColumn[], hints: readonly LinkHint[]): ColumnLink[];
};

/** Builds the linker from trained weights; throws when they do not fit today's features. */
export function createLinker(weights: LinkerWeights): SchemaLinker {
  assertCompatible(weights, LINK_FEATURES);
  const cache = new Map<string, ColumnLink[]>();
  return {
    cut: weights.cut,
    link(question, columns, hints) {
      // K voting rounds and several callers ask about the same question and schema: score once.
      const key =
        `${question}\u0001${columns.map((c) => `${c.table}.${c.column}`).join("\u0002")}\u0001` +
        `${hints.map((h) => `${h.table}.${h.column}=${h.phrase}`).join("\u0002")}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const rows = linkFeatures(readQuestion(question), columns, hints);
      const out = rows.map((x, i) => ({
        table: columns[i].table,
        column: columns[i].column,
        probability: predictProbability(weights, x),
      }));
      if (cache.size >= 32) cache.delete(cache.keys().next().value!);
      cache.set(key, out);
      return out;
    },
  };
}

/**
 * A table's relevance from its columns' probabilities: the expected number of linked columns
 * among its three most probable (each ≥ 0.1, so a wide table's many faint columns add nothing).
 * A table that answers alone (GraphOTTER reads one) should hold several of the question's
 * columns, not just the one that names its row.
 */
export function tableScores(links: readonly ColumnLink[]): Map<string, number> {
  const byTable = new Map<string, number[]>();
  for (const l of links) byTable.set(l.table, [...(byTable.get(l.table) ?? []), l.probability]);
  const out = new Map<string, number>();
  for (const [t, ps] of byTable) {
    const top = ps
      .sort((a, b) => b - a)
      .slice(0, 3)
      .filter((p, i) => i === 0 || p >= 0.1);
    out.set(
      t,
      top.reduce((a, b) => a + b, 0),
    );
  }
  return out;
}

/** The columns linked at a cut: those at or above it, and always the most probable one. */
export function linkedAt<T extends { probability: number }>(links: readonly T[], cut: number): T[] {
  if (!links.length) return [];
  const best = links.reduce((a, b) => (b.probability > a.probability ? b : a));
  return links.filter((l) => l.probability >= cut || l === best);
}
