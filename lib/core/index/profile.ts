import type { ColumnType } from "../model/dataset";
import type { ColumnProfile, TopValue } from "../model/index-types";
import { HeavyHitters } from "./heavy-hitters";
import { HyperLogLog } from "./hyperloglog";
import { canonicalValue, type RawValue } from "./profile-values";

/** Past this many distinct values a profile switches to HyperLogLog and Misra–Gries. */
export const DEFAULT_DISTINCT_CAP = 200_000;
/** Longest/shortest examples are cut to this many characters (free text can be megabytes). */
const EXAMPLE_CHARS = 300;

export type ProfilerOptions = { distinctCap?: number; heavyHitters?: number };

/** Incremental column profiler: feed every cell with add(), then finish(rowCount). */
export interface Profiler {
  add(value: RawValue): void;
  finish(rowCount?: number): ColumnProfile;
}

type Key = string | number;

function clip(s: string): string {
  return s.length > EXAMPLE_CHARS ? `${s.slice(0, EXAMPLE_CHARS)}…` : s;
}

/**
 * Creates a profiler for a column of the given type. Memory stays bounded: exact counts up to
 * `distinctCap` distinct values, then an HLL estimate of the distinct count and a heavy-hitters
 * sketch for the most frequent values, so a million-row column can be streamed through it.
 */
export function createProfiler(type: ColumnType, options: ProfilerOptions = {}): Profiler {
  const cap = options.distinctCap ?? DEFAULT_DISTINCT_CAP;
  let counts: Map<Key, number> | null = new Map();
  let hll: HyperLogLog | null = null;
  let hitters: HeavyHitters<Key> | null = null;
  let seen = 0;
  let nulls = 0;
  let shortest: string | null = null;
  let longest: string | null = null;
  let longestLength = -1;
  let min: Key | null = null;
  let max: Key | null = null;
  let sum = 0;
  let numbers = 0;
  // A binary column's values are its cells' sizes in bytes: numbers with a range like any other.
  const numeric = type === "integer" || type === "real" || type === "binary";

  function switchToSketches(exact: Map<Key, number>): void {
    hll = new HyperLogLog();
    for (const k of exact.keys()) hll.add(String(k));
    hitters = new HeavyHitters<Key>(options.heavyHitters ?? 1000);
    hitters.seed(exact);
    counts = null;
  }

  return {
    add(raw) {
      seen++;
      const v = canonicalValue(raw, type);
      if (v === null) {
        nulls++;
        return;
      }
      if (counts) {
        counts.set(v, (counts.get(v) ?? 0) + 1);
        if (counts.size > cap) switchToSketches(counts);
      } else {
        hll!.add(String(v));
        hitters!.add(v);
      }
      const s = typeof v === "string" ? v : String(raw);
      if (shortest === null || s.length < shortest.length) shortest = s;
      if (s.length > longestLength) {
        longestLength = s.length;
        longest = clip(s);
      }
      if (numeric && typeof v === "number") {
        sum += v;
        numbers++;
        if (min === null || v < (min as number)) min = v;
        if (max === null || v > (max as number)) max = v;
      } else if (type === "date" && typeof v === "string" && /^\d{4}-/.test(v)) {
        if (min === null || v < min) min = v;
        if (max === null || v > max) max = v;
      }
    },

    finish(rowCount) {
      // Rows the caller did not stream (e.g. it selected only non-null cells) are missing values.
      const rows = Math.max(rowCount ?? seen, seen);
      const nullCount = nulls + (rows - seen);
      const exact = counts !== null;
      const distinct = counts ? counts.size : hll!.estimate();
      const top: [Key, number][] = counts ? topOf(counts, 3) : hitters!.top(3);
      return {
        type,
        rowCount: rows,
        nullCount,
        nullShare: rows ? nullCount / rows : 0,
        distinctCount: distinct,
        distinctEstimated: !exact,
        uniqueness: rows ? Math.min(1, distinct / rows) : 0,
        topValues: top.map(([value, count]): TopValue => ({ value, count })),
        topValuesApproximate: !exact,
        shortest: shortest === null ? null : clip(shortest),
        longest,
        min,
        max,
        mean: numbers ? sum / numbers : null,
      };
    },
  };
}

/** The n most frequent keys in one pass; ties keep first-seen order so output is deterministic. */
function topOf(counts: Map<Key, number>, n: number): [Key, number][] {
  const best: [Key, number][] = [];
  for (const entry of counts) {
    if (best.length === n && entry[1] <= best[n - 1][1]) continue;
    let i = best.length;
    while (i > 0 && best[i - 1][1] < entry[1]) i--;
    best.splice(i, 0, entry);
    if (best.length > n) best.pop();
  }
  return best;
}

/** Profiles a whole column at once; rowCount defaults to the number of values. */
export function profileColumn(
  type: ColumnType,
  values: Iterable<RawValue>,
  rowCount?: number,
  options?: ProfilerOptions,
): ColumnProfile {
  const p = createProfiler(type, options);
  for (const v of values) p.add(v);
  return p.finish(rowCount);
}
