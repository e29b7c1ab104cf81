import "server-only";
import { BroadcastChannel, isMainThread } from "node:worker_threads";
import { LRUCache } from "lru-cache";
import { processSingleton } from "./singleton";

/** Something that keeps per-dataset state in memory and must drop it when the dataset goes. */
type Forgettable = { name: string; forget: (datasetId: string) => void };

const registered = () => processSingleton("datasetCaches", () => new Map<string, Forgettable>());

/**
 * A bounded cache keyed by dataset id (least recently used evicted past `max`), one per thread,
 * registered with the dataset lifecycle so `forgetDataset` clears it. `dispose` runs for every
 * value that leaves (evicted, replaced or deleted), e.g. to close a file.
 */
export function datasetCache<V extends {}>(
  name: string,
  options: { max: number; dispose?: (value: V, datasetId: string) => void },
): LRUCache<string, V> {
  return processSingleton(`datasetCache:${name}`, () => {
    const cache = new LRUCache<string, V>({
      max: options.max,
      ...(options.dispose ? { dispose: (value: V, key: string) => options.dispose!(value, key) } : {}),
    });
    onForgetDataset(name, (id) => cache.delete(id));
    return cache;
  });
}

/** Registers other per-dataset state (not an LRU) to be dropped when a dataset is deleted. */
export function onForgetDataset(name: string, forget: (datasetId: string) => void): void {
  registered().set(name, { name, forget });
}

/** Drops everything this thread keeps in memory for the dataset. */
export function forgetDataset(datasetId: string): void {
  for (const c of registered().values()) c.forget(datasetId);
}

// Every thread that caches datasets (the main thread and each pool worker) listens on one channel.
const CHANNEL = "tablesight:dataset-changed";
type ChangeState = { versions: Map<string, number>; channel: BroadcastChannel | null };

const changes = () =>
  processSingleton("datasetChanges", (): ChangeState => {
    const channel = new BroadcastChannel(CHANNEL);
    channel.unref();
    const state: ChangeState = { versions: new Map(), channel };
    // Another thread changed a dataset (an index run in a worker): drop what this one keeps of it.
    channel.onmessage = (message) => {
      const id = (message as { data?: unknown }).data;
      if (typeof id !== "string") return;
      bump(state, id);
      forgetDataset(id);
    };
    return state;
  });

/**
 * A dataset changed (curation, a description edit, a re-import, a new index generation, new
 * passages, deletion): every thread drops what it cached of it, and runs started from now on
 * carry the new version, so a worker that has not heard the broadcast yet still reloads.
 */
export function datasetChanged(datasetId: string): void {
  const state = changes();
  bump(state, datasetId);
  forgetDataset(datasetId);
  state.channel?.postMessage(datasetId);
}

function bump(state: ChangeState, datasetId: string): void {
  state.versions.set(datasetId, (state.versions.get(datasetId) ?? 0) + 1);
}

/** The dataset's version in this process (the main thread's count of its changes). */
export function datasetVersion(datasetId: string): number {
  return changes().versions.get(datasetId) ?? 0;
}

const seen = () => processSingleton("datasetVersionsSeen", () => new Map<string, number>());

/**
 * A worker's check before it uses its caches for a run: when the run carries another version of
 * the dataset than the last one this thread saw, what the thread kept of it is dropped first.
 */
export function useDatasetVersion(datasetId: string, version: number): void {
  if (isMainThread) return;
  changes(); // listen for later broadcasts from now on
  const last = seen().get(datasetId);
  if (last !== undefined && last !== version) forgetDataset(datasetId);
  seen().set(datasetId, version);
}
