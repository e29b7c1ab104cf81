import "server-only";
import type { DatasetStorage } from "@/db/schema";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import type { ColumnProfile, JoinCandidate } from "@/lib/core/model/index-types";
import type { TextEncoder } from "@/lib/core/text";
import type { IndexCaps } from "./caps";
import type { ColumnResult } from "./column-accumulator";
import type { RunProgress, StageName } from "./progress";
import type { ReadSource } from "./scan-table";

/** A column whose indexing failed; the rest of the run goes on without it. */
export type ColumnFailure = { table: string; column: string; stage: StageName; error: string };

/** What the stages of one run share: the dataset, its open rows, and each stage's output. */
export type RunContext = {
  datasetId: string;
  generation: number;
  dataset: DatasetDetail & { storage: DatasetStorage };
  /** The dataset's rows, read in the background SQL worker with a time limit per read. */
  source: ReadSource;
  /** performance.now() at which the running stage's time budget (caps.stageMs) is spent. */
  stageDeadline: number;
  dir: string;
  caps: IndexCaps;
  encoder: TextEncoder;
  progress: RunProgress;
  /** Yields to the event loop; throws IndexCancelled when the run was cancelled. */
  pause: () => Promise<void>;
  failures: ColumnFailure[];
  /** Stage outputs, filled in order. */
  columns: Map<string, ColumnResult[]>;
  profiles: Map<string, ColumnProfile>;
  /** Description texts by nodeId (column "" = the table), edits already applied. */
  descriptions: Map<string, string>;
  joins: JoinCandidate[];
};

/** Whether the running stage has spent its time budget. */
export function budgetSpent(ctx: Pick<RunContext, "stageDeadline">): boolean {
  return performance.now() > ctx.stageDeadline;
}

export function errorText(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  return msg.length > 300 ? `${msg.slice(0, 300)}…` : msg;
}

export function fmt(n: number): string {
  return n.toLocaleString("en-US");
}
