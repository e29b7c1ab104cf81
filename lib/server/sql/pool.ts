import "server-only";
import { ALLOWED_FUNCTIONS } from "./allowed-functions";
import { SqlFailedError, SqlTimeoutError } from "./errors";
import { WorkerSlot, type QueryMessage, type WorkerReply } from "./worker-slot";

type Job = {
  message: QueryMessage;
  timeoutMs: number;
  resolve: (reply: WorkerReply) => void;
  reject: (err: Error) => void;
  queueTimer: ReturnType<typeof setTimeout> | null;
  signal?: AbortSignal;
};

/**
 * A small pool of child processes that run guarded queries, so a runaway statement never blocks
 * the server's event loop: each query gets its time limit from the moment it is sent to a worker,
 * and a worker past its limit is killed with SIGKILL (SQLite cannot be interrupted from outside
 * the thread running it) and replaced on demand. A query that waits longer than its own limit for
 * a free worker times out too.
 */
export class SqlPool {
  private slots: WorkerSlot[] = [];
  private queue: Job[] = [];

  constructor(readonly size: number) {}

  /**
   * Runs one query; `signal` aborts it while it waits (dropped) or runs (its worker is killed).
   * It may wait `queueMs` for a free worker (default: its own time limit).
   */
  run(message: QueryMessage, timeoutMs: number, signal?: AbortSignal, queueMs = timeoutMs): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new SqlFailedError("The query was cancelled."));
      const job: Job = { message, timeoutMs, resolve, reject, queueTimer: null, signal };
      signal?.addEventListener(
        "abort",
        () => {
          if (!this.queue.includes(job)) return; // running: execute() kills its worker
          this.queue = this.queue.filter((j) => j !== job);
          if (job.queueTimer) clearTimeout(job.queueTimer);
          reject(new SqlFailedError("The query was cancelled."));
        },
        { once: true },
      );
      job.queueTimer = setTimeout(() => {
        this.queue = this.queue.filter((j) => j !== job);
        reject(new SqlTimeoutError(queueMs, `The query waited ${queueMs} ms for a free worker and was not run.`));
      }, queueMs);
      job.queueTimer.unref?.();
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Number of live workers (for tests). */
  get workers(): number {
    return this.slots.length;
  }

  /** Kills every worker and fails queued queries (tests, shutdown). */
  close(): void {
    for (const job of this.queue.splice(0)) {
      if (job.queueTimer) clearTimeout(job.queueTimer);
      job.reject(new SqlFailedError("The SQL pool was shut down."));
    }
    for (const slot of this.slots.splice(0)) slot.kill();
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.busy && !s.dead);
      if (!slot && this.slots.length < this.size) {
        slot = new WorkerSlot([...ALLOWED_FUNCTIONS], (s) => this.remove(s));
        this.slots.push(slot);
      }
      if (!slot) return;
      const job = this.queue.shift()!;
      if (job.queueTimer) clearTimeout(job.queueTimer);
      void this.execute(slot, job);
    }
  }

  private async execute(slot: WorkerSlot, job: Job): Promise<void> {
    slot.busy = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let onExit: (() => void) | null = null;
    let onAbort: (() => void) | null = null;
    try {
      await slot.ready;
      const reply = await new Promise<WorkerReply>((resolve, reject) => {
        onAbort = () => {
          slot.kill();
          reject(new SqlFailedError("The query was cancelled."));
        };
        if (job.signal?.aborted) return onAbort();
        job.signal?.addEventListener("abort", onAbort, { once: true });
        timer = setTimeout(() => {
          slot.kill();
          reject(new SqlTimeoutError(job.timeoutMs));
        }, job.timeoutMs);
        onExit = () => reject(new SqlFailedError("The query process stopped unexpectedly (out of memory?)."));
        slot.child.once("exit", onExit);
        slot.send(job.message).then(resolve);
      });
      job.resolve(reply);
    } catch (err) {
      job.reject(
        err instanceof SqlTimeoutError || err instanceof SqlFailedError
          ? err
          : new SqlFailedError(`The query process failed: ${err instanceof Error ? err.message : String(err)}`),
      );
    } finally {
      if (timer) clearTimeout(timer);
      if (onExit) slot.child.off("exit", onExit);
      if (onAbort) job.signal?.removeEventListener("abort", onAbort);
      slot.busy = false;
      if (slot.dead) this.remove(slot);
      else slot.idle();
      this.dispatch();
    }
  }

  private remove(slot: WorkerSlot): void {
    this.slots = this.slots.filter((s) => s !== slot);
    if (!slot.dead) slot.kill();
  }
}
