import "server-only";
import {
  inferPrimaryKey,
  joinScorerModelSchema,
  columnKey,
  scoreJoins,
  type JoinScorerModel,
  type JoinSide,
} from "@/lib/core/index";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { ColumnProfile, JoinCandidate } from "@/lib/core/model/index-types";
import { loadModel } from "@/lib/server/models/load-model";

/** The trained join-candidate scorer (models/join-scorer.json); throws ModelLoadError when absent or altered. */
export function joinScorer(): JoinScorerModel {
  return loadModel("join-scorer", joinScorerModelSchema);
}

/** What the scorer reads about each column: its names from the tables, its statistics from the profiles. */
export function joinSides(
  tables: readonly Pick<TableMeta, "name" | "columns">[],
  profiles: ReadonlyMap<string, ColumnProfile>,
): Map<string, JoinSide> {
  const sides = new Map<string, JoinSide>();
  for (const t of tables) {
    const key = inferPrimaryKey(t.columns, (c) => profiles.get(columnKey(t.name, c.sqlName)));
    for (const [position, c] of t.columns.entries()) {
      const id = columnKey(t.name, c.sqlName);
      const p = profiles.get(id);
      if (!p) continue;
      sides.set(id, {
        table: t.name,
        column: c.sqlName,
        name: c.name,
        type: p.type,
        rowCount: p.rowCount,
        distinct: p.distinctCount,
        uniqueness: p.uniqueness,
        nullShare: p.nullShare,
        min: p.min,
        max: p.max,
        isTableKey: c === key,
        isFirstColumn: position === 0,
      });
    }
  }
  return sides;
}

/**
 * Join candidates with the learned probability and whether each passes. Scored when read, not
 * when indexed, so a retrained scorer applies to every dataset without re-indexing.
 */
export function scoredJoins(
  joins: readonly JoinCandidate[],
  tables: readonly Pick<TableMeta, "name" | "columns">[],
  profiles: ReadonlyMap<string, ColumnProfile>,
  model?: JoinScorerModel,
): JoinCandidate[] {
  if (!joins.length) return [];
  return scoreJoins(joins, joinSides(tables, profiles), model ?? joinScorer());
}
