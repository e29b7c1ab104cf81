import "server-only";
import type { TraceEvent } from "@/lib/core/trace";
import { processSingleton } from "@/lib/server/process/singleton";
import { appendRunEvents } from "@/lib/server/stores/runs";

/** How long writes from different runs are gathered into one transaction. */
const GATHER_MS = 50;

type Pending = { runId: string; events: readonly TraceEvent[]; resolve: () => void; reject: (err: unknown) => void };
type StoreState = { pending: Pending[]; timer: ReturnType<typeof setTimeout> | null; tail: Promise<void> };

const state = processSingleton("eventStore", (): StoreState => ({ pending: [], timer: null, tail: Promise.resolve() }));

/**
 * Stores a batch of one run's events, gathered with the batches other runs store within the same
 * moment into one transaction: many runs streaming at once cost a commit every few tens of
 * milliseconds, not one per run per flush. If the shared transaction fails, each run's batch is
 * tried on its own, so one run's problem (its dataset deleted) never loses another run's events.
 */
export function storeEvents(
  runId: string,
  events: readonly TraceEvent[],
  options: { now?: boolean } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    state.pending.push({ runId, events, resolve, reject });
    // A run's last events are written at once (with whatever else is waiting): its end, and the
    // next batch question, must not wait out the gathering window.
    if (options.now) write();
    else state.timer ??= setTimeout(write, GATHER_MS);
  });
}

function write(): void {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  const batch = state.pending.splice(0);
  state.tail = state.tail.then(async () => {
    try {
      await appendRunEvents(batch);
      for (const p of batch) p.resolve();
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      for (const p of batch)
        await appendRunEvents([p]).then(
          () => p.resolve(),
          (e: unknown) => p.reject(e),
        );
    }
  });
}
