import { afterEach, describe, expect, it } from "vitest";
import { BroadcastChannel } from "node:worker_threads";
import { StatementShare, startStatementCoordinator, statementKey } from "./shared-statements";
import type { WorkerReply } from "./worker-protocol";

// Two question threads' sides and the main thread's coordinator, on channels of their own (one
// thread here: BroadcastChannel delivers between instances of one thread as between threads).
let open: Array<{ close(): void }> = [];
function setup(withCoordinator = true) {
  const names = { claims: `claims-${Math.random()}`, results: `results-${Math.random()}` };
  const coordinator: BroadcastChannel | null = withCoordinator ? startStatementCoordinator(names.claims) : null;
  const a = new StatementShare(1, names);
  const b = new StatementShare(2, names);
  open.push(a, b, ...(coordinator ? [coordinator] : []));
  return { a, b };
}
afterEach(() => {
  for (const o of open) o.close();
  open = [];
});

const rows = (n: number): WorkerReply => ({
  ok: true,
  columns: ["n"],
  rows: [[n]],
  truncated: false,
  ms: 1,
  rowCount: 1,
  stoppedBy: null,
});
const slow = (reply: WorkerReply, ms: number, calls: string[], who: string) => async () => {
  calls.push(who);
  await new Promise((r) => setTimeout(r, ms));
  return reply;
};

describe("one run of a statement two question threads ask at once", () => {
  const key = statementKey({
    files: { main: "/d/rows.db", attachments: [] },
    sql: "SELECT 1",
    maxRows: 10,
    params: [],
  });

  it("runs it once; the second thread gets the first one's result", async () => {
    const { a, b } = setup();
    const calls: string[] = [];
    const first = a.run(key, 5000, undefined, slow(rows(7), 150, calls, "a"));
    await new Promise((r) => setTimeout(r, 20));
    const second = b.run(key, 5000, undefined, slow(rows(8), 10, calls, "b"));
    expect(await first).toEqual(rows(7));
    expect(await second).toEqual(rows(7));
    expect(calls).toEqual(["a"]);
  });

  it("runs it in the waiting thread too when the first one fails", async () => {
    const { a, b } = setup();
    const calls: string[] = [];
    const failed: WorkerReply = { ok: false, kind: "failed", message: "no such table" };
    const first = a.run(key, 5000, undefined, slow(failed, 100, calls, "a"));
    await new Promise((r) => setTimeout(r, 20));
    const second = b.run(key, 5000, undefined, slow(rows(8), 10, calls, "b"));
    expect(await first).toEqual(failed);
    expect(await second).toEqual(rows(8));
    expect(calls).toEqual(["a", "b"]);
  });

  it("a waiting thread whose runner never answers runs the statement itself", async () => {
    const { a, b } = setup();
    const calls: string[] = [];
    const stuck = a.run(key, 5000, undefined, slow(rows(7), 1500, calls, "a"));
    await new Promise((r) => setTimeout(r, 20));
    expect(await b.run(key, 200, undefined, slow(rows(8), 10, calls, "b"))).toEqual(rows(8));
    expect(calls).toEqual(["a", "b"]);
    await stuck;
  });

  it("a thread whose claim was answered late still releases it: the next run is not kept waiting", async () => {
    // The coordinator hears a's claim 150 ms late (a busy main thread): past the thread's wait for an answer.
    const names = { claims: `claims-${Math.random()}`, results: `results-${Math.random()}` };
    const hub = `hub-${Math.random()}`;
    const coordinator = startStatementCoordinator(hub);
    const threadSide = new BroadcastChannel(names.claims);
    const hubSide = new BroadcastChannel(hub);
    let late = true; // only a's claim is late
    threadSide.onmessage = (e) => {
      const data = (e as { data: unknown }).data;
      setTimeout(() => hubSide.postMessage(data), late ? 150 : 0);
      late = false;
    };
    hubSide.onmessage = (e) => threadSide.postMessage((e as { data: unknown }).data);
    const a = new StatementShare(1, names);
    const b = new StatementShare(2, names);
    open.push(a, b, coordinator, threadSide, hubSide);
    const calls: string[] = [];
    expect(await a.run(key, 5000, undefined, slow(rows(7), 100, calls, "a"))).toEqual(rows(7));
    await new Promise((r) => setTimeout(r, 400)); // a's late claim and its release reach the coordinator
    const started = performance.now();
    expect(await b.run(key, 3000, undefined, slow(rows(8), 10, calls, "b"))).toEqual(rows(8));
    expect(performance.now() - started).toBeLessThan(2000); // granted, not left to wait out its 3 s
    expect(calls).toEqual(["a", "b"]);
  });

  it("a waiting thread's cancel ends its wait", async () => {
    const { a, b } = setup();
    const calls: string[] = [];
    const first = a.run(key, 5000, undefined, slow(rows(7), 300, calls, "a"));
    await new Promise((r) => setTimeout(r, 20));
    const cancel = new AbortController();
    const second = b.run(key, 5000, cancel.signal, slow(rows(8), 10, calls, "b"));
    cancel.abort();
    await expect(second).rejects.toThrow(/cancelled/);
    expect(await first).toEqual(rows(7));
  });

  it("runs different statements, and statements with no coordinator, each on its own", async () => {
    const { a, b } = setup(false);
    const calls: string[] = [];
    const other = statementKey({
      files: { main: "/d/rows.db", attachments: [] },
      sql: "SELECT 2",
      maxRows: 10,
      params: [],
    });
    expect(other).not.toBe(key);
    const [x, y] = await Promise.all([
      a.run(key, 5000, undefined, slow(rows(1), 50, calls, "a")),
      b.run(key, 5000, undefined, slow(rows(2), 50, calls, "b")),
    ]);
    expect([x, y]).toEqual([rows(1), rows(2)]);
    expect(calls.sort()).toEqual(["a", "b"]);
  });
});
