import type { RunSummary } from "../api/runs";
import type { Answer, TraceEvent } from "../trace";
import { sameAnswer } from "./agreement";
import { phaseOf, stageTimings, type Phase } from "./phases";
import { cellRefKey, retrievedOf, type RetrievedCell } from "./retrieved";

/** Added (only in b), removed (only in a) and common items. */
type SetDiff<T> = { added: T[]; removed: T[]; common: T[] };

/** The diff of two stored runs, as GET /api/runs/:a/diff/:b answers it. */
export type RunDiff = {
  runs: { a: DiffRunInfo; b: DiffRunInfo };
  answer: { a: Answer | null; b: Answer | null; same: boolean };
  sql: { a: string | null; b: string | null };
  columns: SetDiff<string>;
  cells: SetDiff<RetrievedCell>;
  cellsTruncated: boolean;
  params: { changed: Array<{ name: string; a: unknown; b: unknown }> };
  stages: Array<{ stage: string; phase: Phase; a: number | null; b: number | null }>;
};

type DiffRunInfo = Pick<
  RunSummary,
  "id" | "datasetId" | "question" | "method" | "reasoner" | "status" | "createdAt" | "ms" | "parentRunId"
>;

type DiffInput = RunSummary & { events: readonly TraceEvent[] };

function setDiff<T>(a: readonly T[], b: readonly T[], key: (t: T) => string): SetDiff<T> {
  const ka = new Map(a.map((t) => [key(t), t]));
  const kb = new Map(b.map((t) => [key(t), t]));
  return {
    added: b.filter((t) => !ka.has(key(t))),
    removed: a.filter((t) => !kb.has(key(t))),
    common: b.filter((t) => ka.has(key(t))),
  };
}

const stable = (v: unknown) => JSON.stringify(v ?? null);

/** The parameters that differ, the method, reasoner and constraints included (a re-run's pins show here). */
function changedParams(a: DiffInput, b: DiffInput): RunDiff["params"]["changed"] {
  const out: RunDiff["params"]["changed"] = [];
  for (const name of ["method", "reasoner"] as const)
    if (a[name] !== b[name]) out.push({ name, a: a[name], b: b[name] });
  const names = [...new Set([...Object.keys(a.params), ...Object.keys(b.params)])].sort();
  for (const name of names)
    if (stable(a.params[name]) !== stable(b.params[name])) out.push({ name, a: a.params[name], b: b.params[name] });
  if (stable(a.constraints) !== stable(b.constraints))
    out.push({ name: "constraints", a: a.constraints ?? null, b: b.constraints ?? null });
  return out;
}

/** Per-stage timing of both runs, stages in a's order then b's own. */
function stageRows(a: DiffInput, b: DiffInput): RunDiff["stages"] {
  const ta = stageTimings(a.events);
  const tb = stageTimings(b.events);
  const names = [...new Set([...ta.map((s) => s.stage), ...tb.map((s) => s.stage)])];
  return names.map((stage) => ({
    stage,
    phase: phaseOf(stage),
    a: ta.find((s) => s.stage === stage)?.ms ?? null,
    b: tb.find((s) => s.stage === stage)?.ms ?? null,
  }));
}

const info = (r: DiffInput): DiffRunInfo => ({
  id: r.id,
  datasetId: r.datasetId,
  question: r.question,
  method: r.method,
  reasoner: r.reasoner,
  status: r.status,
  createdAt: r.createdAt,
  ms: r.ms,
  parentRunId: r.parentRunId,
});

/**
 * Diffs two stored runs from their records and events alone (no re-run): answers, SQL, the
 * columns and cells each retrieved (added = only in b), the parameters that changed and the
 * time of each stage.
 */
export function diffRuns(a: DiffInput, b: DiffInput): RunDiff {
  const ra = retrievedOf(a.events);
  const rb = retrievedOf(b.events);
  return {
    runs: { a: info(a), b: info(b) },
    answer: { a: a.answer, b: b.answer, same: sameAnswer(a.answer, b.answer) },
    sql: { a: a.answer?.sql ?? null, b: b.answer?.sql ?? null },
    columns: setDiff(ra.columns, rb.columns, (c) => c),
    cells: setDiff(ra.cells, rb.cells, cellRefKey),
    cellsTruncated: ra.cellsTruncated || rb.cellsTruncated,
    params: { changed: changedParams(a, b) },
    stages: stageRows(a, b),
  };
}
