import "server-only";
import { MessageChannel } from "node:worker_threads";
import type { TraceEventInput } from "@/lib/core/trace";
import type { ImportProgress } from "@/lib/server/ingest/types";
import type {
  ImportTask,
  ImportTaskEnd,
  IndexTask,
  IndexTaskEnd,
  MainMessage,
  MethodTask,
  MethodTaskEnd,
  ReimportTask,
  ReimportTaskEnd,
  WorkerMessage,
} from "./protocol";
import type Tinypool from "tinypool";
import { type ThreadKind, threadPool, workerHeapMb } from "./thread-pools";

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

type Tasks = { "method-run": MethodTask; "index-run": IndexTask; import: ImportTask; reimport: ReimportTask };
type Ends = {
  "method-run": MethodTaskEnd;
  "index-run": IndexTaskEnd;
  import: ImportTaskEnd;
  reimport: ReimportTaskEnd;
};
type TaskOf<K extends PoolTaskKind> = Tasks[K];
type EndOf<K extends PoolTaskKind> = Ends[K];

/**
 * Runs one task on a thread of the pool and returns how it ended. Events the worker posts are
 * handed to `onEvent` in order; `signal` sends the task a cancel message, and stops its thread if
 * the task has not ended `CANCEL_GRACE_MS` later. A thread that dies (out of memory) fails the task
 * with a WorkerCrashedError; the pool starts a new thread for the next task.
 */
export async function runPoolTask<K extends PoolTaskKind>(
  kind: ThreadKind | Tinypool,
  task: Omit<TaskOf<K>, "port"> & { kind: K },
  options: {
    onEvent?: (event: TraceEventInput) => void;
    onProgress?: (progress: Partial<ImportProgress>) => void;
    signal?: AbortSignal;
  } = {},
): Promise<EndOf<K>> {
  const { port1, port2 } = new MessageChannel();
  let resolveEnd!: (end: EndOf<K>) => void;
  const ended = new Promise<EndOf<K>>((resolve) => (resolveEnd = resolve));
  let end: EndOf<K> | null = null;
  port1.on("message", (m: WorkerMessage) => {
    if (m.type === "event") options.onEvent?.(m.event);
    else if (m.type === "progress") options.onProgress?.(m.progress);
    else if (m.type === "end") resolveEnd((end = m.end as EndOf<K>));
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

type PoolTaskKind = keyof Tasks;

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
