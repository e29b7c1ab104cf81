import { describe, expect, it } from "vitest";
import type { RunSummary } from "../api/runs";
import { createRecorder, type TraceEvent, type TraceEventInput } from "../trace";
import { agreementGroups, sameAnswer } from "./agreement";
import { diffRuns } from "./diff";
import { alignByPhase } from "./phases";
import { diffText } from "./text-diff";

function events(list: TraceEventInput[]): TraceEvent[] {
  const rec = createRecorder();
  for (const e of list) rec.emit(e);
  return [...rec.events];
}

const answer = (text: string, values: (string | number)[], cells: Array<[string, string, number]>) => ({
  text,
  values,
  evidence: cells.map(([table, column, rowId]) => ({ table, column, rowId, value: null })),
});

function run(
  id: string,
  params: Record<string, unknown>,
  list: TraceEventInput[],
  sql: string,
): RunSummary & { events: TraceEvent[] } {
  const a = list.find((e) => e.type === "answer") as (TraceEventInput & { type: "answer" }) | undefined;
  return {
    id,
    datasetId: "d",
    question: "q",
    method: "fgtr",
    reasoner: "local",
    params,
    status: "done",
    answer: a ? { text: a.text, values: a.values, evidence: a.evidence, sql } : null,
    error: null,
    createdAt: "2026-01-01",
    ms: 1,
    parentRunId: null,
    feedback: null,
    constraints: null,
    events: events(list),
  };
}

describe("diffRuns", () => {
  it("reports answers, columns and cells added / removed / common, changed parameters and stage times", () => {
    const a = run(
      "a",
      { k: 5 },
      [
        { type: "stage-start", stage: "cell-mapping" },
        {
          type: "cell-hits",
          table: "t",
          column: "x",
          query: "q",
          hits: [{ value: "v", score: 1, rowIds: [1, 2], rowCount: 2 }],
        },
        { type: "stage-end", stage: "cell-mapping", ms: 4, ok: true },
        { type: "answer", ...answer("2", [2], [["t", "x", 1]]) },
      ],
      "SELECT COUNT(*) FROM t WHERE x = 'v'",
    );
    const b = run(
      "b",
      { k: 3 },
      [
        {
          type: "cell-hits",
          table: "t",
          column: "y",
          query: "q",
          hits: [{ value: "w", score: 1, rowIds: [2], rowCount: 1 }],
        },
        { type: "constraint", kind: "exclude-column", target: "t.x", changed: true, effect: "dropped" },
        { type: "answer", ...answer("two", [2], [["t", "x", 1]]) },
      ],
      "SELECT COUNT(*) FROM t WHERE y = 'w'",
    );
    const d = diffRuns(a, b);
    expect(d.answer.same).toBe(true);
    expect(d.columns).toEqual({ added: ["t.y"], removed: ["t.x"], common: [] });
    expect(d.cells.added.map((c) => `${c.column}${c.rowId}`)).toEqual(["y2"]);
    expect(d.cells.removed.map((c) => `${c.column}${c.rowId}`)).toEqual(["x2"]);
    expect(d.cells.common).toEqual([{ table: "t", column: "x", rowId: 1, evidence: true }]);
    expect(d.params.changed).toEqual([{ name: "k", a: 5, b: 3 }]);
    expect(d.stages).toEqual([{ stage: "cell-mapping", phase: "retrieval", a: 4, b: null }]);
  });
});

describe("agreement, phases and the SQL diff", () => {
  it("groups equal answers, values before text, case and order ignored", () => {
    const x = answer("LA", ["Los Angeles", 3], []);
    const y = answer("la", [3, "los angeles"], []);
    expect(sameAnswer(x, y)).toBe(true);
    expect(agreementGroups([x, answer("Fresno", ["Fresno"], []), y, null])).toEqual([0, 1, 0, null]);
  });

  it("aligns stages of different methods on the same phase row", () => {
    const fgtr = events([
      { type: "stage-start", stage: "schema-mapping" },
      { type: "stage-end", stage: "schema-mapping", ms: 2, ok: true },
    ]);
    const sgam = events([
      { type: "stage-start", stage: "path-search" },
      { type: "stage-end", stage: "path-search", ms: 1, ok: true },
    ]);
    const retrieval = alignByPhase([fgtr, sgam]).find((r) => r.phase === "retrieval")!;
    expect(retrieval.cells.map((c) => c.map((s) => s.stage))).toEqual([["schema-mapping"], ["path-search"]]);
  });

  it("diffs SQL by words, each side rebuilt from its pieces", () => {
    const a = "SELECT COUNT(*) FROM t WHERE x = 'v' LIMIT 200";
    const b = "SELECT COUNT(*) FROM t WHERE y = 'w' LIMIT 200";
    const d = diffText(a, b);
    expect(
      d
        .filter((p) => p.op !== "added")
        .map((p) => p.text)
        .join(""),
    ).toBe(a);
    expect(
      d
        .filter((p) => p.op !== "removed")
        .map((p) => p.text)
        .join(""),
    ).toBe(b);
    expect(d.filter((p) => p.op === "removed").map((p) => p.text.trim())).toEqual(["x", "'v'"]);
  });
});
