import type { TraceEvent } from "../trace";

/** The four stages every method goes through, so the same stage of each sits on one row. */
const PHASES = ["parsing", "retrieval", "reasoning", "answer"] as const;
export type Phase = (typeof PHASES)[number];

/** Where each method's stage names fall; a stage not listed counts as reasoning. */
const PHASE_OF: Record<string, Phase> = {
  "question-parsing": "parsing",
  decomposition: "parsing",
  "schema-mapping": "retrieval",
  "schema-filling": "retrieval",
  "range-parsing": "retrieval",
  "cell-mapping": "retrieval",
  "cell-merging": "retrieval",
  "attribute-retrieval": "retrieval",
  "path-search": "retrieval",
  "path-pruning": "retrieval",
  "table-choice": "retrieval",
  "edge-retrieval": "retrieval",
  rerank: "retrieval",
  expansion: "retrieval",
  "trace-init": "retrieval",
  reasoning: "reasoning",
  refinement: "reasoning",
  "final-ranking": "reasoning",
  sql: "answer",
  answer: "answer",
};

/** The phase of a stage name. */
export function phaseOf(stage: string): Phase {
  return PHASE_OF[stage] ?? "reasoning";
}

/** One stage of one run: its name, phase, duration (null while running) and how many events it emitted. */
export type StageTiming = { stage: string; label: string; phase: Phase; ms: number | null; events: number };

/** A run's stages in order, with their timing, from its stage-start / stage-end events. */
export function stageTimings(events: readonly TraceEvent[]): StageTiming[] {
  const out: StageTiming[] = [];
  const open = new Map<string, StageTiming>();
  let current: StageTiming | null = null;
  for (const e of events) {
    if (e.type === "stage-start") {
      current = { stage: e.stage, label: e.label ?? e.stage, phase: phaseOf(e.stage), ms: null, events: 0 };
      out.push(current);
      open.set(e.stage, current);
    } else if (e.type === "stage-end") {
      const s = open.get(e.stage);
      if (s) s.ms = e.ms;
      open.delete(e.stage);
      current = null;
    } else if (current) current.events++;
  }
  return out;
}

/** Runs' stages grouped by phase: row = phase, column = run. */
export function alignByPhase(
  runs: readonly (readonly TraceEvent[])[],
): Array<{ phase: Phase; cells: StageTiming[][] }> {
  const timings = runs.map(stageTimings);
  return PHASES.map((phase) => ({ phase, cells: timings.map((t) => t.filter((s) => s.phase === phase)) }));
}
