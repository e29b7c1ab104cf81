import { columnKey } from "@/lib/core/model/column-ref";
import type { RunView } from "./runView";

export interface VoteBar {
  table: string;
  column: string;
  /** Rounds (0-based) that voted for the column, in order. */
  rounds: number[];
  votes: number;
  frequency: number;
  /** Kept by the θ cut; null while the tally is not in yet. */
  kept: boolean | null;
}

/**
 * Bars of the vote chart. While votes stream in they are counted from the schema-vote events; once
 * the schema-selection arrives its tally (votes, frequency, kept) is authoritative.
 */
export function voteBars(view: RunView): { bars: VoteBar[]; rounds: number; cut: number | null } {
  const byKey = new Map<string, VoteBar>();
  const bar = (table: string, column: string) => {
    const key = columnKey(table, column);
    let b = byKey.get(key);
    if (!b) byKey.set(key, (b = { table, column, rounds: [], votes: 0, frequency: 0, kept: null }));
    return b;
  };
  for (const v of view.votes) for (const c of v.columns) bar(c.table, c.column).rounds.push(v.round);
  const roundsSeen = new Set(view.votes.map((v) => v.round)).size;
  const rounds = view.k ?? roundsSeen;
  for (const b of byKey.values()) {
    b.votes = b.rounds.length;
    b.frequency = rounds > 0 ? b.votes / rounds : 0;
  }
  const sel = view.selection;
  if (sel) {
    const kept = new Set(sel.kept.map((c) => columnKey(c.table, c.column)));
    for (const c of sel.columns) Object.assign(bar(c.table, c.column), { votes: c.votes, frequency: c.frequency });
    for (const b of byKey.values()) b.kept = kept.has(columnKey(b.table, b.column));
  }
  const bars = [...byKey.values()].sort(
    (a, b) => b.votes - a.votes || a.table.localeCompare(b.table) || a.column.localeCompare(b.column),
  );
  const cut = view.theta !== null && rounds > 0 ? view.theta * rounds : null;
  return { bars, rounds, cut };
}
