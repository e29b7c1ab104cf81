import type { TraceEvent } from "@/lib/core/trace";

/** A line of the timeline: one event, or a run of events that say the same thing ("× 12"). */
export interface RepeatedLine {
  event: TraceEvent;
  count: number;
  /** Seqs of every event the line stands for, first to last. */
  seqs: number[];
}

// Fields that differ between repeats of the same line without changing what it says: the clock,
// and a step's sample counter (K rounds of one step read "fgtr.schema-mapping by local" each time).
const CLOCK_FIELDS = new Set(["seq", "at", "ms", "durationMs", "elapsedMs", "sample"]);

/** What an event says, apart from when it said it. */
function eventSignature(e: TraceEvent): string {
  return JSON.stringify(e, (key, value) => (CLOCK_FIELDS.has(key) ? undefined : value));
}

/** Folds consecutive events that say the same thing into one line with a count. */
export function groupRepeats(events: readonly TraceEvent[]): RepeatedLine[] {
  const lines: RepeatedLine[] = [];
  let lastSignature = "";
  for (const event of events) {
    const signature = eventSignature(event);
    const last = lines.at(-1);
    if (last && signature === lastSignature) {
      last.count += 1;
      last.seqs.push(event.seq);
      continue;
    }
    lines.push({ event, count: 1, seqs: [event.seq] });
    lastSignature = signature;
  }
  return lines;
}
