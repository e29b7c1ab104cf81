import "server-only";
import PQueue from "p-queue";
import Tinypool from "tinypool";
import { MAX_SQL_CHECK_MS } from "@/lib/core/model/limits";
import { WORKER_EXEC_ARGV, workerEntryFile } from "@/lib/server/pool/entries";
import { addUntilSettled } from "@/lib/server/pool/queue-slot";
import { SqlFailedError, SqlRefusedError, SqlTimeoutError } from "./errors";
import type { AnalyzeReply, PhaseMessage, SqlWorkerTask, WorkerReply } from "./worker-protocol";

/** How long a statement has to stop after its interrupt before its process is killed. */
const INTERRUPT_GRACE_MS = 300;
/** An idle SQL process exits after this long; the next query starts a new one. */
const IDLE_MS = 30_000;
/** How long a task may wait for its process to start and take it, beyond its own limits (a busy machine). */
const START_ALLOWANCE_MS = 30_000;

type Stop = "timeout" | "cancel" | "check" | null;

/**
 * A few child processes that check and run guarded queries, one task each at a time, so neither a
 * runaway statement nor a parse that backtracks for minutes ever blocks a thread of the server.
 * The worker says when its check begins and when the statement starts to run: the check has
 * MAX_SQL_CHECK_MS (then the process is killed and the statement refused), the statement its own
 * time limit (it is interrupted, and its process killed if it does not stop within a moment).
 * Tasks wait their turn in a queue of their own kind; one that waits longer than `queueMs` for a
 * free process times out.
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
   * Runs one task; `signal` drops it while it waits and stops it while it runs. It may wait
   * `queueMs` for a free process (default: its own time limit).
   */
  run(
    message: SqlWorkerTask & { type?: "query" | "check" },
    timeoutMs: number,
    signal?: AbortSignal,
    queueMs?: number,
  ): Promise<WorkerReply>;
  run(
    message: SqlWorkerTask & { type: "analyze" },
    timeoutMs: number,
    signal?: AbortSignal,
    queueMs?: number,
  ): Promise<AnalyzeReply>;
  async run(
    message: SqlWorkerTask,
    timeoutMs: number,
    signal?: AbortSignal,
    queueMs = timeoutMs,
  ): Promise<WorkerReply | AnalyzeReply> {
    if (signal?.aborted) throw new SqlFailedError("The query was cancelled.");
    const waiting = new AbortController();
    const queueTimer = setTimeout(
      () =>
        waiting.abort(
          new SqlTimeoutError(queueMs, `The query waited ${queueMs} ms for a free worker and was not run.`),
        ),
      queueMs,
    );
    const onAbort = () => waiting.abort(new SqlFailedError("The query was cancelled."));
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      // Its slot is held until the process is free again (a cancelled task's process is stopping).
      return await addUntilSettled(
        this.queue,
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

  private async execute(
    message: SqlWorkerTask,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<WorkerReply | AnalyzeReply> {
    const queryId = this.nextQueryId++;
    let send: ((m: unknown) => void) | null = null;
    const kill = new AbortController();
    let stopped: Stop = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let graceTimer: ReturnType<typeof setTimeout> | null = null;
    const limit = (ms: number, why: Exclude<Stop, null>) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => stop(why), ms);
    };
    const stop = (why: Exclude<Stop, null>) => {
      if (stopped) return;
      stopped = why;
      // A parse is JavaScript that never yields: only ending its process stops it.
      if (why === "check") return kill.abort();
      send?.({ type: "interrupt", queryId });
      graceTimer = setTimeout(() => kill.abort(), INTERRUPT_GRACE_MS);
    };
    const onPhase = (m: unknown) => {
      const phase = m as PhaseMessage;
      if (phase?.type !== "phase" || phase.queryId !== queryId || stopped) return;
      if (phase.phase === "check") limit(MAX_SQL_CHECK_MS, "check");
      else limit(timeoutMs, "timeout");
    };
    const onAbort = () => stop("cancel");
    if (signal?.aborted) throw new SqlFailedError("The query was cancelled.");
    signal?.addEventListener("abort", onAbort, { once: true });
    // Until the worker says what it does, the backstop: its limits and a process start on a busy machine.
    limit(MAX_SQL_CHECK_MS + timeoutMs + START_ALLOWANCE_MS, "timeout");
    try {
      const pool = await this.pool;
      const reply: WorkerReply | AnalyzeReply = await pool.run(
        { ...message, queryId },
        {
          signal: kill.signal,
          channel: { onMessage: (cb: (m: unknown) => void) => (send = cb), postMessage: onPhase },
        },
      );
      if (!reply.ok && "kind" in reply && (reply.kind === "interrupted" || reply.kind === "timeout"))
        throw stoppedError(reply.kind === "timeout" ? "timeout" : (stopped ?? "cancel"), timeoutMs);
      return reply;
    } catch (err) {
      if (stopped) throw stoppedError(stopped, timeoutMs);
      if (err instanceof SqlFailedError || err instanceof SqlTimeoutError) throw err;
      throw new SqlFailedError(
        `The query process stopped unexpectedly (out of memory?): ${err instanceof Error ? err.message : String(err)}`,
      );
    } finally {
      if (timer) clearTimeout(timer);
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
  if (why === "check")
    return new SqlRefusedError(
      "too_complex",
      `The statement could not be checked within ${MAX_SQL_CHECK_MS.toLocaleString("en-US")} ms (MAX_SQL_CHECK_MS): ` +
        "the parser gave up on its nesting. Simplify it (fewer nested sub-queries).",
    );
  return why === "timeout" ? new SqlTimeoutError(timeoutMs) : new SqlFailedError("The query was cancelled.");
}
