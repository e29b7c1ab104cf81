// A worker entry for the pool's own tests (bundled by the test, never by the app): "alloc" keeps
// allocating until the thread's heap limit stops it; "id" answers which thread took the task.
import { threadId, type MessagePort } from "node:worker_threads";

export default async function run(task: { kind: "alloc" | "id"; port: MessagePort }): Promise<unknown> {
  const kept: number[][] = [];
  if (task.kind === "alloc") for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i));
  const end = { ok: true, threadId };
  task.port.postMessage({ type: "end", end });
  task.port.close();
  return end;
}
