import "server-only";
import PQueue from "p-queue";
import Tinypool from "tinypool";
import { WORKER_EXEC_ARGV, workerEntryFile } from "@/lib/server/pool/entries";
import { SqlFailedError, SqlTimeoutError } from "./errors";
import type { QueryMessage, WorkerReply } from "./worker-protocol";

/** How long a statement has to stop after its interrupt before its process is killed. */
const INTERRUPT_GRACE_MS = 300;
/** An idle SQL process exits after this long; the next query starts a new one. */
const IDLE_MS = 30_000;

type Stop = "timeout" | "cancel" | null;

/**
 * A few child processes that run guarded queries, one query each at a time, so a runaway statement
 * never blocks a thread of the server. A query's time limit runs from the moment a process takes
 * it; at the limit (or when its run is cancelled) the process is told to interrupt the statement,
 * and killed if the statement does not stop within a moment. Queries wait their turn in a queue
 * of their own kind; one that waits longer than `queueMs` for a free process times out.
 */
export class SqlPool {
  private readonly pool: Promise<Tinypool>;
  private readonly queue: PQueue;
  private nextQueryId = 1;

  constructor(
    readonly name: string,
    readonly size: number,
  ) {
    this.pool = workerEntryFile("sql-worker").then((filename) => {
      const pool = new Tinypool({
        runtime: "child_process",
        filename,
        minThreads: 0,
        maxThreads: size,
        idleTimeout: IDLE_MS,
        // No secrets reach a process that runs SQL written by a model; a modest heap.
        env: { PATH: process.env.PATH ?? "", NODE_ENV: process.env.NODE_ENV ?? "production" },
        execArgv: [...WORKER_EXEC_ARGV, "--max-old-space-size=256"],
      });
      // Tinypool reports a process that died between tasks here; the next task starts a new one.
      pool.on("error", () => undefined);
      return pool;
    });
    this.pool.catch(() => undefined);
    this.queue = new PQueue({ concurrency: size });
  }

  /** Queries waiting for a free process, and running. */
  get load(): { waiting: number; running: number } {
    return { waiting: this.queue.size, running: this.queue.pending };
  }

  /**
   * Runs one query; `signal` drops it while it waits and stops it while it runs. It may wait
   * `queueMs` for a free process (default: its own time limit).
   */
  async run(message: QueryMessage, timeoutMs: number, signal?: AbortSignal, queueMs = timeoutMs): Promise<WorkerReply> {
    if (signal?.aborted) throw new SqlFailedError("The query was cancelled.");
    const waiting = new AbortController();
    const onAbort = () => waiting.abort(new SqlFailedError("The query was cancelled."));
    signal?.addEventListener("abort", onAbort, { once: true });
    const queueTimer = setTimeout(
      () =>
        waiting.abort(
          new SqlTimeoutError(queueMs, `The query waited ${queueMs} ms for a free worker and was not run.`),
        ),
      queueMs,
    );
    try {
      return await this.queue.add(
        () => {
          clearTimeout(queueTimer);
          return this.execute(message, timeoutMs, signal);
        },
        { signal: waiting.signal },
      );
    } catch (err) {
      if (waiting.signal.aborted && waiting.signal.reason instanceof Error) throw waiting.signal.reason;
      throw err;
    } finally {
      clearTimeout(queueTimer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  private async execute(message: QueryMessage, timeoutMs: number, signal?: AbortSignal): Promise<WorkerReply> {
    const queryId = this.nextQueryId++;
    let send: ((m: unknown) => void) | null = null;
    const kill = new AbortController();
    let stopped: Stop = null;
    let graceTimer: ReturnType<typeof setTimeout> | null = null;
    const stop = (why: Exclude<Stop, null>) => {
      if (stopped) return;
      stopped = why;
      send?.({ type: "interrupt", queryId });
      graceTimer = setTimeout(() => kill.abort(), INTERRUPT_GRACE_MS);
    };
    const onAbort = () => stop("cancel");
    if (signal?.aborted) throw new SqlFailedError("The query was cancelled.");
    signal?.addEventListener("abort", onAbort, { once: true });
    const timer = setTimeout(() => stop("timeout"), timeoutMs);
    try {
      const pool = await this.pool;
      const reply: WorkerReply = await pool.run(
        { ...message, queryId },
        { signal: kill.signal, channel: { onMessage: (cb: (m: unknown) => void) => (send = cb) } },
      );
      if (!reply.ok && reply.kind === "interrupted") throw stoppedError(stopped ?? "cancel", timeoutMs);
      return reply;
    } catch (err) {
      if (stopped) throw stoppedError(stopped, timeoutMs);
      if (err instanceof SqlFailedError || err instanceof SqlTimeoutError) throw err;
      throw new SqlFailedError(
        `The query process stopped unexpectedly (out of memory?): ${err instanceof Error ? err.message : String(err)}`,
      );
    } finally {
      clearTimeout(timer);
      if (graceTimer) clearTimeout(graceTimer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  /** Ends every process and fails queued queries (tests, shutdown). */
  close(): Promise<void> {
    this.queue.clear();
    return this.pool.then((pool) => pool.destroy());
  }
}

function stoppedError(why: Exclude<Stop, null>, timeoutMs: number): Error {
  return why === "timeout" ? new SqlTimeoutError(timeoutMs) : new SqlFailedError("The query was cancelled.");
}
