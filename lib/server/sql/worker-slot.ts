import "server-only";
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { PostgresTarget } from "@/lib/core/model/postgres-target";

/** What the worker answers for one query (see query-worker.mjs). */
export type WorkerReply =
  | {
      ok: true;
      columns: string[];
      rows: unknown[][];
      truncated: boolean;
      ms: number;
      rowCount: number;
      stoppedBy: "rows" | "time" | null;
    }
  | { ok: false; kind: "refused" | "failed"; reason?: string; message: string };

export type QueryMessage = {
  /** The dataset's files; `postgres` when its data lives in a connected PostgreSQL (never sent to a worker). */
  files: { main: string; attachments: Array<{ alias: string; uri: string }>; postgres?: PostgresTarget };
  sql: string;
  maxRows: number;
  params: Array<string | number | null>;
  /** Soft time budget: the worker stops stepping rows after this long and answers with what it has. */
  budgetMs?: number;
  /** Count the rows (up to maxRows) instead of returning them. */
  countOnly?: boolean;
  /** SQL the server built itself from quoted names (imports, indexing): the compiled-program check is skipped. */
  internal?: boolean;
};

/** The worker script, resolved from the working directory: Next bundles server code, so it is forked by path. */
export function workerScriptPath(): string {
  return (
    process.env.SQL_WORKER_PATH ??
    path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "server", "sql", "query-worker.mjs")
  );
}

/**
 * One child process of the pool. It carries no secrets (a minimal env), a modest V8 heap, and is
 * unref'd while idle so it never keeps a script or test runner alive.
 */
export class WorkerSlot {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  busy = false;
  dead = false;
  private pending: ((reply: WorkerReply) => void) | null = null;
  private nextId = 1;

  constructor(allowedFunctions: readonly string[], onExit: (slot: WorkerSlot) => void) {
    this.child = fork(workerScriptPath(), [], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: process.env.NODE_ENV ?? "production" },
      execArgv: ["--max-old-space-size=256"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      serialization: "json",
    });
    this.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (msg: { type?: string }) => {
        if (msg?.type !== "ready") return;
        this.child.off("message", onMessage);
        this.child.send({ type: "init", allowedFunctions });
        resolve();
      };
      this.child.on("message", onMessage);
      this.child.once("exit", () => reject(new Error("The SQL worker exited before it was ready.")));
    });
    this.ready.catch(() => undefined);
    this.child.on("message", (msg: WorkerReply & { id?: number }) => {
      if (typeof msg?.id !== "number" || !this.pending) return;
      const deliver = this.pending;
      this.pending = null;
      deliver(msg);
    });
    this.child.on("exit", () => {
      this.dead = true;
      onExit(this);
    });
    this.child.on("error", () => undefined);
    // Held until the worker is ready: a script whose only work is this query must not exit first.
    this.ready.then(
      () => this.idle(),
      () => undefined,
    );
  }

  /** Sends one query; resolves with the worker's reply. */
  send(message: QueryMessage): Promise<WorkerReply> {
    this.child.ref();
    (this.child.channel as { ref?: () => void } | undefined)?.ref?.();
    return new Promise((resolve) => {
      this.pending = resolve;
      this.child.send({ type: "query", id: this.nextId++, ...message });
    });
  }

  /** Lets the parent exit while this worker waits for work. */
  idle(): void {
    this.child.unref();
    (this.child.channel as { unref?: () => void } | undefined)?.unref?.();
  }

  kill(): void {
    this.dead = true;
    this.pending = null;
    this.child.kill("SIGKILL");
  }
}
