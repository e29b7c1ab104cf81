import "server-only";

/** Stages of an indexing run, in order (FGTR §4.1, then SGAM §3.2's graph, then the semantic model). */
const STAGE_NAMES = ["profiles", "descriptions", "joins", "cell index", "schema graph", "semantic model"] as const;
export type StageName = (typeof STAGE_NAMES)[number];

type StageStatus = "pending" | "running" | "done" | "failed" | "skipped";

/** Progress of one stage as the API reports it; `done`/`total` count the stage's own units (rows, tables, values…). */
export type StageState = {
  name: StageName;
  status: StageStatus;
  done: number;
  total: number;
  ms: number;
  notes: string[];
};

export function pendingStages(): StageState[] {
  return STAGE_NAMES.map((name) => ({ name, status: "pending", done: 0, total: 0, ms: 0, notes: [] }));
}

/**
 * Per-stage progress of one run. Changes are persisted through `save`, at most every
 * `intervalMs` while a stage advances and always when a stage starts or ends, so a dataset page
 * polling the API sees bars move without a write per row.
 */
export class RunProgress {
  readonly stages = pendingStages();
  private started = new Map<StageName, number>();
  private lastSave = 0;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly save: (stages: StageState[]) => Promise<void>,
    private readonly intervalMs = 300,
  ) {}

  private stage(name: StageName): StageState {
    return this.stages.find((s) => s.name === name)!;
  }

  start(name: StageName, total: number): void {
    Object.assign(this.stage(name), { status: "running", done: 0, total });
    this.started.set(name, performance.now());
    this.persist(true);
  }

  advance(name: StageName, by = 1): void {
    const s = this.stage(name);
    s.done = Math.min(s.total, s.done + by);
    s.ms = Math.round(performance.now() - (this.started.get(name) ?? performance.now()));
    this.persist(false);
  }

  setTotal(name: StageName, total: number): void {
    this.stage(name).total = total;
  }

  note(name: StageName, text: string): void {
    this.stage(name).notes.push(text);
  }

  end(name: StageName, status: "done" | "failed" | "skipped" = "done"): void {
    const s = this.stage(name);
    s.status = status;
    if (status === "done") s.done = s.total;
    s.ms = Math.round(performance.now() - (this.started.get(name) ?? performance.now()));
    this.persist(true);
  }

  /** Resolves when every pending write has landed. */
  flush(): Promise<void> {
    this.persist(true);
    return this.saving;
  }

  private persist(force: boolean): void {
    const now = performance.now();
    if (!force && now - this.lastSave < this.intervalMs) return;
    this.lastSave = now;
    const snapshot = structuredClone(this.stages);
    // Writes are chained so an older snapshot can never land after a newer one.
    this.saving = this.saving
      .then(() => this.save(snapshot))
      .catch((err) => console.error("[tablesight] could not save index progress:", err));
  }
}
