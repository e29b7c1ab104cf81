import type { TraceEvent, TraceEventOf } from "@/lib/core/trace";

/** One stage of the timeline: its bracketing events and everything emitted inside it. */
export interface StageView {
  stage: string;
  label: string;
  /** Run clock (ms) of the stage's first event. */
  at: number;
  ms: number | null;
  ok: boolean | null;
  events: TraceEvent[];
}

/** The timeline in order: stage groups and events that belong to no stage (run start/end, answer). */
type TimelineEntry = { kind: "stage"; stage: StageView } | { kind: "event"; event: TraceEvent };

/** Everything the workbench shows about a run, derived from its events and nothing else. */
export interface RunView {
  start: TraceEventOf<"run-start"> | null;
  end: TraceEventOf<"run-end"> | null;
  answer: TraceEventOf<"answer"> | null;
  errors: TraceEventOf<"error">[];
  warnings: TraceEventOf<"warning">[];
  timeline: TimelineEntry[];
  votes: TraceEventOf<"schema-vote">[];
  selection: TraceEventOf<"schema-selection"> | null;
  fills: TraceEventOf<"schema-fill">[];
  joinPaths: TraceEventOf<"join-path">[];
  ranges: TraceEventOf<"column-range">[];
  hits: TraceEventOf<"cell-hits">[];
  subTables: TraceEventOf<"sub-table">[];
  sqls: TraceEventOf<"sql">[];
  llmCalls: TraceEventOf<"llm-call">[];
  /** Each typed step's end: which reasoner produced its output and whether it fell back. */
  stepEnds: TraceEventOf<"step-end">[];
  /** SGAM: retrieved attributes per segment, and paths found, pruned and merged. */
  attributes: TraceEventOf<"attribute-retrieval">[];
  paths: TraceEventOf<"schema-path">[];
  /** K and θ: from the selection once it exists, else from the run's params. */
  k: number | null;
  theta: number | null;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** Folds events (in seq order) into the view. Pure: replay calls it with a prefix of the events. */
export function buildRunView(events: readonly TraceEvent[]): RunView {
  const view: RunView = {
    start: null,
    end: null,
    answer: null,
    errors: [],
    warnings: [],
    timeline: [],
    votes: [],
    selection: null,
    fills: [],
    joinPaths: [],
    ranges: [],
    hits: [],
    subTables: [],
    sqls: [],
    llmCalls: [],
    stepEnds: [],
    attributes: [],
    paths: [],
    k: null,
    theta: null,
  };
  const stages = new Map<string, StageView>();
  const stageOf = (name: string, at: number, label?: string): StageView => {
    let s = stages.get(name);
    if (!s) {
      s = { stage: name, label: label ?? humanize(name), at, ms: null, ok: null, events: [] };
      stages.set(name, s);
      view.timeline.push({ kind: "stage", stage: s });
    } else if (label) s.label = label;
    return s;
  };

  for (const e of events) {
    collect(view, e);
    if (e.type === "stage-start") stageOf(e.stage, e.at, e.label);
    else if (e.type === "stage-end") Object.assign(stageOf(e.stage, e.at), { ms: e.ms, ok: e.ok });
    else if (e.stage && e.type !== "run-start" && e.type !== "run-end" && e.type !== "answer")
      stageOf(e.stage, e.at).events.push(e);
    else view.timeline.push({ kind: "event", event: e });
  }
  view.k = view.selection?.k ?? num(view.start?.params.k);
  view.theta = view.selection?.theta ?? num(view.start?.params.theta);
  return view;
}

function collect(view: RunView, e: TraceEvent): void {
  switch (e.type) {
    case "run-start":
      view.start = e;
      break;
    case "run-end":
      view.end = e;
      break;
    case "answer":
      view.answer = e;
      break;
    case "error":
      view.errors.push(e);
      break;
    case "warning":
      view.warnings.push(e);
      break;
    case "schema-vote":
      view.votes.push(e);
      break;
    case "schema-selection":
      view.selection = e;
      break;
    case "schema-fill":
      view.fills.push(e);
      break;
    case "join-path":
      view.joinPaths.push(e);
      break;
    case "column-range":
      view.ranges.push(e);
      break;
    case "cell-hits":
      view.hits.push(e);
      break;
    case "sub-table":
      view.subTables.push(e);
      break;
    case "sql":
      view.sqls.push(e);
      break;
    case "llm-call":
      view.llmCalls.push(e);
      break;
    case "step-end":
      view.stepEnds.push(e);
      break;
    case "attribute-retrieval":
      view.attributes.push(e);
      break;
    case "schema-path":
      view.paths.push(e);
      break;
    default:
      break;
  }
}

/** "schema-mapping" → "Schema mapping". */
function humanize(name: string): string {
  const words = name.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
