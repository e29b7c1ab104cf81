import { agreementGroups } from "@/lib/core/compare/agreement";
import { cellRefKey, retrievedOf, type RetrievedCell } from "@/lib/core/compare/retrieved";
import type { Answer, TraceEvent } from "@/lib/core/trace";

/** One method's run inside a compare, as its events have it so far. */
export type Lane = { method: string; runId: string; events: TraceEvent[] };

export type LaneSummary = {
  method: string;
  runId: string;
  status: "running" | "done" | "failed";
  answer: Answer | null;
  error: string | null;
  ms: number | null;
  tokens: { input: number; output: number };
  /** Agreement group: lanes with the same number gave the same answer. */
  group: number | null;
};

/** What each column of the compare shows, from the events alone. */
export function summarize(lanes: readonly Lane[]): LaneSummary[] {
  const base = lanes.map((lane) => {
    let answer: Answer | null = null;
    let error: string | null = null;
    let ms: number | null = null;
    let ended = false;
    const tokens = { input: 0, output: 0 };
    for (const e of lane.events) {
      if (e.type === "answer") {
        const { type: _t, seq: _s, at: _a, ...rest } = e;
        answer = rest;
      } else if (e.type === "error") error = e.message;
      else if (e.type === "run-end") [ms, ended] = [e.ms, true];
      else if (e.type === "llm-call") {
        tokens.input += e.inputTokens ?? 0;
        tokens.output += e.outputTokens ?? 0;
      }
    }
    const status: LaneSummary["status"] = !ended ? "running" : error ? "failed" : "done";
    return { method: lane.method, runId: lane.runId, status, answer, error, ms, tokens, group: null };
  });
  const groups = agreementGroups(base.map((b) => b.answer));
  return base.map((b, i) => ({ ...b, group: groups[i] }));
}

/** One cell of the combined heatmap: which lanes retrieved it and which answers rest on it. */
export type CombinedCell = { table: string; column: string; rowId: number; by: boolean[]; evidence: boolean[] };

/** Per table, the cells any lane retrieved, with a flag per lane (the combined heatmap's data). */
export function combinedCells(lanes: readonly Lane[]): Map<string, CombinedCell[]> {
  const cells = new Map<string, CombinedCell>();
  lanes.forEach((lane, i) => {
    for (const c of retrievedOf(lane.events).cells) {
      const key = cellRefKey(c);
      let cell = cells.get(key);
      if (!cell) {
        cell = { ...pick(c), by: lanes.map(() => false), evidence: lanes.map(() => false) };
        cells.set(key, cell);
      }
      cell.by[i] = true;
      cell.evidence[i] ||= c.evidence;
    }
  });
  const byTable = new Map<string, CombinedCell[]>();
  for (const c of cells.values()) {
    const list = byTable.get(c.table) ?? [];
    list.push(c);
    byTable.set(c.table, list);
  }
  return byTable;
}

const pick = (c: RetrievedCell) => ({ table: c.table, column: c.column, rowId: c.rowId });

/** True when not every lane retrieved the cell (or not every answer rests on it alike). */
export function disagrees(c: CombinedCell): boolean {
  return !c.by.every((b) => b === c.by[0]) || !c.evidence.every((b) => b === c.evidence[0]);
}
