import "server-only";
import { LRUCache } from "lru-cache";
import { processSingleton } from "./singleton";

/** Something that keeps per-dataset state in memory and must drop it when the dataset goes. */
type Forgettable = { name: string; forget: (datasetId: string) => void };

const registered = () => processSingleton("datasetCaches", () => new Map<string, Forgettable>());

/**
 * A bounded, per-process cache keyed by dataset id (least recently used evicted past `max`),
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

/** The dataset lifecycle hook: drops everything any module keeps in memory for the dataset. */
export function forgetDataset(datasetId: string): void {
  for (const c of registered().values()) c.forget(datasetId);
}
