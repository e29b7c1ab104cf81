// Precision / recall / F1 of the passing candidates against declared foreign keys, per database
// and micro-averaged: the measure the joins eval reports, computed on training or tune databases.
import { columnKey } from "../../../lib/core/model/column-ref.ts";
import { scoreJoins, type JoinScorerModel } from "../../../lib/core/index/join-scorer.ts";
import type { JoinSide } from "../../../lib/core/index/join-features.ts";
import { joinPairKey, type CollectedDb } from "./collect.mts";

export type PassCounts = { tp: number; predicted: number; gold: number };

/** The unordered pair keys of a database's passing candidates under `model`. */
export function passingPairs(db: CollectedDb, model: JoinScorerModel): string[] {
  const sides = new Map<string, JoinSide>();
  for (const c of db.candidates) {
    sides.set(columnKey(c.from.table, c.from.column), c.from);
    sides.set(columnKey(c.to.table, c.to.column), c.to);
  }
  const scored = scoreJoins(
    db.candidates.map((c) => c.candidate),
    sides,
    model,
  );
  return [...new Set(scored.filter((c) => c.passes).map((c) => joinPairKey(c.from, c.to)))];
}

export function countPasses(dbs: readonly CollectedDb[], model: JoinScorerModel): PassCounts {
  const out = { tp: 0, predicted: 0, gold: 0 };
  for (const db of dbs) {
    const gold = new Set(db.declared);
    const pass = passingPairs(db, model);
    out.tp += pass.filter((p) => gold.has(p)).length;
    out.predicted += pass.length;
    out.gold += gold.size;
  }
  return out;
}

export function prf(c: PassCounts): { precision: number; recall: number; f1: number } {
  const precision = c.predicted ? c.tp / c.predicted : 0;
  const recall = c.gold ? c.tp / c.gold : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}
