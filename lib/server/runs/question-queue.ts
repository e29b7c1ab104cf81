import "server-only";
import { processSingleton } from "@/lib/server/process/singleton";

/**
 * The app's question queue, shared fairly: questions asked by hand start at once, and a batch
 * starts its next question only when no hand-asked question is running. A person therefore
 * waits for at most the one batch question already in flight, never behind a whole batch.
 */
type QueueState = { interactive: number; waiters: Array<() => void> };

const state = processSingleton("questionQueue", (): QueueState => ({ interactive: 0, waiters: [] }));

/** Marks a hand-asked question as running; call the returned function once it ends. */
export function beginInteractiveQuestion(): () => void {
  state.interactive++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    state.interactive--;
    if (state.interactive === 0) for (const wake of state.waiters.splice(0)) wake();
  };
}

/** Hand-asked questions running now. */
export function interactiveQuestions(): number {
  return state.interactive;
}

/**
 * Resolves when a batch may start its next question: no hand-asked question is running, and the
 * event loop has had a turn (so requests that arrived meanwhile are read first). Rejects on abort.
 */
export async function waitForBatchTurn(signal?: AbortSignal): Promise<void> {
  for (;;) {
    signal?.throwIfAborted();
    await new Promise<void>((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
    if (state.interactive === 0) return;
    await new Promise<void>((resolve) => {
      const wake = () => {
        signal?.removeEventListener("abort", wake);
        state.waiters = state.waiters.filter((w) => w !== wake);
        resolve();
      };
      state.waiters.push(wake);
      signal?.addEventListener("abort", wake, { once: true });
    });
  }
}
