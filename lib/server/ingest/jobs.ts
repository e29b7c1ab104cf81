import "server-only";
import { processSingleton } from "@/lib/server/process/singleton";
import type { ImportProgress } from "./types";

export type ImportJob = ImportProgress & {
  state: "running" | "done" | "failed";
  error?: { code: string; message: string };
  datasetId?: string;
  updatedAt: number;
};

// Bounded by time, not count: a finished job is pruned ten minutes after its last update, and
// running jobs are as many as the uploads in flight.
const jobs = processSingleton("importJobs", () => new Map<string, ImportJob>());
const KEEP_MS = 10 * 60 * 1000;

/** Progress of imports, keyed by the client's upload id; finished jobs are kept for ten minutes. */
export const importJobs = {
  start(uploadId: string, stage: string): void {
    prune();
    jobs.set(uploadId, { state: "running", stage, rowsDone: 0, updatedAt: Date.now() });
  },
  update(uploadId: string, progress: Partial<ImportProgress>): void {
    const job = jobs.get(uploadId);
    if (job) Object.assign(job, progress, { updatedAt: Date.now() });
  },
  finish(uploadId: string, datasetId: string): void {
    this.update(uploadId, { stage: "Done" });
    const job = jobs.get(uploadId);
    if (job) Object.assign(job, { state: "done", datasetId });
  },
  fail(uploadId: string, error: { code: string; message: string }): void {
    const job = jobs.get(uploadId);
    if (job) Object.assign(job, { state: "failed", error, stage: "Failed", updatedAt: Date.now() });
  },
  get(uploadId: string): ImportJob | undefined {
    return jobs.get(uploadId);
  },
};

function prune(): void {
  const cutoff = Date.now() - KEEP_MS;
  for (const [id, job] of jobs) if (job.state !== "running" && job.updatedAt < cutoff) jobs.delete(id);
}
