import "server-only";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import type Tinypool from "tinypool";
import { type ThreadKind, threadPool, workerHeapMb } from "./thread-pools";

/*
 * The pool's one way to run a task: `runTask` on the main thread, and the envelope it speaks with the
 * task's worker half (onCancel, post, postEnd), in this one file so both sides read the same words.
 */

/**
 * The one message envelope between the main thread and a pool worker (docs/ARCHITECTURE.md, "Threads").
 * Every task names its kind (a feature's `*.task.ts` registers it in lib/server/task-kinds.ts) and carries
 * a MessagePort: the worker posts events, progress and, last, its end on it; the main thread posts a
 * cancel. Only plain data crosses. What a kind's task, events and end hold is that kind's own business.
 */
export type PoolTask = { kind: string; port: MessagePort };

/** A task as the main thread hands it to `runTask`: the port is made there. */
export type TaskInput<T extends PoolTask> = Omit<T, "port">;

/** Messages a worker posts on a task's port. */
export type WorkerMessage = { type: "event"; event: unknown } | { type: "progress"; progress: unknown } | EndMessage;
type EndMessage = { type: "end"; end: unknown };

/** Messages the main thread posts on a task's port. */
type MainMessage = { type: "cancel" };

/** Calls `cancel` when the main thread cancels the task on this port. */
export function onCancel(port: MessagePort, cancel: () => void): void {
  port.on("message", (m: MainMessage) => {
    if (m?.type === "cancel") cancel();
  });
}

/** Posts the task's end, last on its port (the main thread ends the task when it reads it), and closes it. */
export function postEnd<End>(port: MessagePort, end: End): End {
  port.postMessage({ type: "end", end } satisfies EndMessage);
  port.close();
  return end;
}

/** Posts one of the task's trace events or progress reports. */
export function post(port: MessagePort, message: Exclude<WorkerMessage, EndMessage>): void {
  port.postMessage(message);
}

/** How long a cancelled task has to stop by itself before its thread is stopped (and replaced). */
const CANCEL_GRACE_MS = 2000;
/** How long the end message may trail the pool's own reply (they travel on two ports). */
const END_WAIT_MS = 10_000;

/** A worker thread stopped while it ran a task; its task is lost, the pool replaces the thread. */
export class WorkerCrashedError extends Error {
  constructor(
    readonly code: "worker_out_of_memory" | "worker_crashed",
    message: string,
  ) {
    super(message);
    this.name = "WorkerCrashedError";
  }
}

/** A cancel that reached the task: its thread stopped it, or was stopped. */
export class TaskCancelledError extends Error {
  readonly code = "cancelled";
  constructor() {
    super("The run was cancelled before it finished.");
    this.name = "TaskCancelledError";
  }
}

/**
 * Runs one task on a thread of the pool and returns how it ended. Events the worker posts are
 * handed to `onEvent` in order; `signal` sends the task a cancel message, and stops its thread if
 * the task has not ended `CANCEL_GRACE_MS` later. A thread that dies (out of memory) fails the task
 * with a WorkerCrashedError; the pool starts a new thread for the next task.
 */
export async function runTask<T extends PoolTask, End>(
  kind: ThreadKind | Tinypool,
  task: TaskInput<T>,
  options: RunTaskOptions = {},
): Promise<End> {
  const { port1, port2 } = new MessageChannel();
  let resolveEnd!: (end: End) => void;
  const ended = new Promise<End>((resolve) => (resolveEnd = resolve));
  let end: End | null = null;
  port1.on("message", (m: WorkerMessage) => {
    if (m.type === "event") options.onEvent?.(m.event);
    else if (m.type === "progress") options.onProgress?.(m.progress);
    else if (m.type === "end") resolveEnd((end = m.end as End));
  });
  const kill = new AbortController();
  let grace: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    port1.postMessage({ type: "cancel" } satisfies MainMessage);
    grace = setTimeout(() => kill.abort(), CANCEL_GRACE_MS);
  };
  if (options.signal?.aborted) throw new TaskCancelledError();
  options.signal?.addEventListener("abort", cancel, { once: true });
  try {
    const pool = typeof kind === "string" ? await threadPool(kind) : kind;
    await pool.run({ ...task, port: port2 }, { transferList: [port2], signal: kill.signal });
    let timer: ReturnType<typeof setTimeout> | null = null;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("The worker ended its task without saying how.")), END_WAIT_MS);
    });
    try {
      return await Promise.race([ended, late]);
    } finally {
      if (timer) clearTimeout(timer);
    }
  } catch (err) {
    if (end) return end;
    if (kill.signal.aborted) throw new TaskCancelledError();
    const limits =
      typeof kind === "string" ? null : (kind.options.resourceLimits as { maxOldGenerationSizeMb?: number });
    throw crashError(err, limits?.maxOldGenerationSizeMb ?? workerHeapMb());
  } finally {
    if (grace) clearTimeout(grace);
    options.signal?.removeEventListener("abort", cancel);
    port1.close();
  }
}

/** What the main thread hears of a task while it runs, and how it cancels it. */
export type RunTaskOptions = {
  onEvent?: (event: unknown) => void;
  onProgress?: (progress: unknown) => void;
  signal?: AbortSignal;
};

function crashError(err: unknown, heapMb: number): WorkerCrashedError {
  const code = (err as { code?: unknown })?.code;
  if (code === "ERR_WORKER_OUT_OF_MEMORY")
    return new WorkerCrashedError(
      "worker_out_of_memory",
      `The worker thread running this task ran out of memory (its limit is ${heapMb} MB, WORKER_HEAP_MB) ` +
        "and was stopped; this task was lost. The server and other tasks are not affected, and a new worker " +
        "takes the next one.",
    );
  return new WorkerCrashedError(
    "worker_crashed",
    `The worker thread running this task stopped unexpectedly (${err instanceof Error ? err.message : String(err)}); ` +
      "this task was lost. A new worker takes the next one.",
  );
}
