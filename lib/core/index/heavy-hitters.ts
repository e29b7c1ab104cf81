/**
 * Misra–Gries heavy-hitters sketch: at most `capacity` counters; any value occurring more than
 * n / (capacity + 1) times is guaranteed to be kept. Counts are lower bounds, short by at most
 * that much. Amortised O(1) per value: a decrement pass costs O(capacity) but removes
 * capacity + 1 units of count, and each value adds only one.
 */
export class HeavyHitters<K> {
  private readonly counters = new Map<K, number>();

  constructor(private readonly capacity = 1000) {}

  /** Starts from known counts (e.g. the exact counts gathered before switching to the sketch). */
  seed(entries: Iterable<[K, number]>): void {
    const top = [...entries].sort((a, b) => b[1] - a[1]).slice(0, this.capacity);
    for (const [k, c] of top) this.counters.set(k, c);
  }

  /** Counts one occurrence. */
  add(key: K): void {
    const c = this.counters.get(key);
    if (c !== undefined) {
      this.counters.set(key, c + 1);
      return;
    }
    if (this.counters.size < this.capacity) {
      this.counters.set(key, 1);
      return;
    }
    for (const [k, v] of this.counters) {
      if (v <= 1) this.counters.delete(k);
      else this.counters.set(k, v - 1);
    }
  }

  /** The `n` largest counters, largest first; ties keep insertion order. */
  top(n: number): [K, number][] {
    return [...this.counters].sort((a, b) => b[1] - a[1]).slice(0, n);
  }
}
