// Feature matrices and grouped cross-validation folds for the join scorer's trainer.
import { candidateFeatures } from "../../../lib/core/index/join-scorer.ts";
import { columnKey } from "../../../lib/core/model/column-ref.ts";
import type { JoinSide } from "../../../lib/core/index/join-features.ts";
import type { CollectedDb } from "./collect.mts";

/** Features (with each database's competition context) and labels of every candidate. */
export function featureRows(dbs: readonly CollectedDb[]): { x: number[][]; y: boolean[] } {
  const x: number[][] = [];
  const y: boolean[] = [];
  for (const db of dbs) {
    const sides = new Map<string, JoinSide>();
    for (const c of db.candidates) {
      sides.set(columnKey(c.from.table, c.from.column), c.from);
      sides.set(columnKey(c.to.table, c.to.column), c.to);
    }
    candidateFeatures(
      db.candidates.map((c) => c.candidate),
      sides,
    ).forEach((row, i) => {
      if (!row) return;
      x.push(row);
      y.push(db.candidates[i].positive);
    });
  }
  return { x, y };
}

/** k folds by database (a database's candidates never straddle train and test), stable across runs. */
export function foldsByDatabase<T extends { db: string }>(dbs: readonly T[], k: number): T[][] {
  const hash = (s: string) => [...s].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0, 7);
  return Array.from({ length: k }, (_, i) => dbs.filter((d) => hash(d.db) % k === i));
}
