// One run of a statement for every question thread that asks it at the same time: the methods of a
// compare often read a question the same way and send the very same SQL (FGTR and SGAM on one
// table), each from its own worker thread to its own SQL process. The first thread to claim a
// statement runs it; a thread that claims it while it runs waits for its result instead of running
// it again. Claims go through a small coordinator on the main thread (claims are a few bytes; it
// never sees a result); a result goes from the thread that ran it straight to the threads waiting
// for it, and only when one is waiting. Nothing is cached: a statement that has finished runs again.
import "server-only";
import { BroadcastChannel, threadId } from "node:worker_threads";
import { processSingleton } from "@/lib/server/process/singleton";
import { SqlFailedError } from "./errors";
import type { QueryMessage, WorkerReply } from "./worker-protocol";

const CLAIMS_CHANNEL = "tablesight:sql-claims";
const RESULTS_CHANNEL = "tablesight:sql-results";
/** A claim no coordinator answers within this long (tests, scripts) runs on its own. */
const CLAIM_ANSWER_MS = 100;
/** A claim older than this is of a thread that died: the next one takes the statement over. */
const STALE_CLAIM_MS = 60_000;

type ClaimMessage =
  | { t: "claim"; key: string; from: number; seq: number }
  | { t: "grant" | "wait"; to: number; seq: number }
  | { t: "wanted" | "alone"; to: number; key: string }
  | { t: "release"; key: string; from: number; published: boolean };
type ResultMessage = { key: string; reply: WorkerReply };

/** The statement's identity: the files it reads and everything that shapes its result. */
export function statementKey(m: QueryMessage): string {
  const { files, sql, params, maxRows, countOnly, budgetMs, internal, maxBytes, guard, describeOnly } = m;
  return JSON.stringify([
    files,
    sql,
    params,
    maxRows,
    countOnly ?? false,
    budgetMs ?? null,
    internal ?? false,
    maxBytes ?? null,
    guard?.ast ?? null,
    describeOnly ?? false,
  ]);
}

/** The main thread's side: who runs each statement now, and who waits for it. */
export function startStatementCoordinator(name = CLAIMS_CHANNEL): BroadcastChannel {
  const running = new Map<string, { owner: number; since: number; waiters: number[] }>();
  const channel = new BroadcastChannel(name);
  channel.unref();
  const post = (m: ClaimMessage) => channel.postMessage(m);
  channel.onmessage = (event) => {
    const m = (event as { data: ClaimMessage }).data;
    if (m.t === "claim") {
      const now = Date.now();
      const current = running.get(m.key);
      if (!current || now - current.since > STALE_CLAIM_MS) {
        running.set(m.key, { owner: m.from, since: now, waiters: [] });
        post({ t: "grant", to: m.from, seq: m.seq });
      } else {
        current.waiters.push(m.from);
        post({ t: "wait", to: m.from, seq: m.seq });
        post({ t: "wanted", to: current.owner, key: m.key });
      }
    } else if (m.t === "release") {
      const current = running.get(m.key);
      if (current?.owner !== m.from) return;
      running.delete(m.key);
      // A result not sent (it failed, or finished before it was wanted): each waiter runs it itself.
      if (!m.published) for (const to of current.waiters) post({ t: "alone", to, key: m.key });
    }
  };
  return channel;
}

/** The coordinator of this process, started once (by the thread pools, on the main thread). */
export function ensureStatementCoordinator(): void {
  processSingleton("sqlStatementCoordinator", () => startStatementCoordinator());
}

type Waiter = { resolve: (reply: WorkerReply | null) => void };

/** A question thread's side: claims a statement, runs it or waits for the thread that does. */
export class StatementShare {
  private readonly claims: BroadcastChannel;
  private readonly results: BroadcastChannel;
  private readonly answers = new Map<number, (answer: "grant" | "wait") => void>();
  private readonly waiting = new Map<string, Waiter[]>();
  private readonly wanted = new Set<string>();
  private seq = 0;

  constructor(
    private readonly id: number = threadId,
    names = { claims: CLAIMS_CHANNEL, results: RESULTS_CHANNEL },
  ) {
    this.claims = new BroadcastChannel(names.claims);
    this.results = new BroadcastChannel(names.results);
    this.claims.unref();
    this.results.unref();
    this.claims.onmessage = (event) => this.onClaimMessage((event as { data: ClaimMessage }).data);
    this.results.onmessage = (event) => {
      const { key, reply } = (event as { data: ResultMessage }).data;
      this.settle(key, reply);
    };
  }

  /**
   * Runs `execute` for the statement `key`, or waits for the thread already running it and takes
   * its result; if that one fails, stops or has not answered within `timeoutMs`, runs it here.
   */
  async run(
    key: string,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    execute: () => Promise<WorkerReply>,
  ): Promise<WorkerReply> {
    const shared = this.expect(key);
    const answer = await this.claim(key);
    if (answer === "wait") {
      const reply = await this.await(shared, timeoutMs, signal);
      if (reply) return reply;
      return execute();
    }
    this.drop(key, shared.waiter);
    // Granted, or no answer in time: either way this thread runs it and then releases it, since a
    // coordinator that answered late has made this thread the statement's runner all the same.
    let reply: WorkerReply | null = null;
    try {
      reply = await execute();
      return reply;
    } finally {
      const published = reply?.ok === true && this.wanted.has(key);
      this.wanted.delete(key);
      if (published && reply) this.results.postMessage({ key, reply } satisfies ResultMessage);
      this.claims.postMessage({ t: "release", key, from: this.id, published } satisfies ClaimMessage);
    }
  }

  close(): void {
    this.claims.close();
    this.results.close();
  }

  private onClaimMessage(m: ClaimMessage): void {
    if (!("to" in m) || m.to !== this.id) return;
    if (m.t === "grant" || m.t === "wait") this.answers.get(m.seq)?.(m.t);
    else if (m.t === "wanted") this.wanted.add(m.key);
    else if (m.t === "alone") this.settle(m.key, null);
  }

  private claim(key: string): Promise<"grant" | "wait" | "alone"> {
    const seq = ++this.seq;
    return new Promise((resolve) => {
      const timer = setTimeout(() => done("alone"), CLAIM_ANSWER_MS);
      const done = (answer: "grant" | "wait" | "alone") => {
        clearTimeout(timer);
        this.answers.delete(seq);
        resolve(answer);
      };
      this.answers.set(seq, done);
      this.claims.postMessage({ t: "claim", key, from: this.id, seq } satisfies ClaimMessage);
    });
  }

  /** Listens for the statement's result before claiming it, so a result sent at once is not missed. */
  private expect(key: string): { waiter: Waiter; result: Promise<WorkerReply | null> } {
    let waiter!: Waiter;
    const result = new Promise<WorkerReply | null>((resolve) => {
      waiter = { resolve };
    });
    this.waiting.set(key, [...(this.waiting.get(key) ?? []), waiter]);
    return { waiter, result };
  }

  private drop(key: string, waiter: Waiter): void {
    const rest = (this.waiting.get(key) ?? []).filter((w) => w !== waiter);
    if (rest.length) this.waiting.set(key, rest);
    else this.waiting.delete(key);
  }

  private settle(key: string, reply: WorkerReply | null): void {
    const waiters = this.waiting.get(key);
    if (!waiters) return;
    this.waiting.delete(key);
    for (const w of waiters) w.resolve(reply);
  }

  private async await(
    shared: { waiter: Waiter; result: Promise<WorkerReply | null> },
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<WorkerReply | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    const stopped = new Promise<null>((resolve, reject) => {
      // A runner that never answers (its thread died, a message was lost): run it here instead.
      timer = setTimeout(() => resolve(null), timeoutMs);
      onAbort = () => reject(new SqlFailedError("The query was cancelled."));
      if (signal?.aborted) onAbort();
      else signal?.addEventListener("abort", onAbort, { once: true });
    });
    try {
      return await Promise.race([shared.result, stopped]);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener("abort", onAbort);
    }
  }
}
