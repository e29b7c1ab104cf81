// One streamed compare over HTTP, timed per method the way the browser sees it.
import { readCompareStream } from "../../components/compare/compareStream.ts";

export type CompareTiming = {
  question: string;
  /** Per method: ms to its first event (run-start), to its first stage, and to its run-end. */
  methods: Record<string, { firstEventMs: number; firstStageMs: number; endMs: number; ok: boolean }>;
  totalMs: number;
};

/** POSTs a compare and reads the stream to its end. */
export async function timeCompare(url: string, question: string, methods: string[]): Promise<CompareTiming> {
  const start = performance.now();
  const out: CompareTiming = { question, methods: {}, totalMs: NaN };
  for (const m of methods) out.methods[m] = { firstEventMs: NaN, firstStageMs: NaN, endMs: NaN, ok: false };
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ question, methods, reasoner: "local" }),
  });
  if (!res.ok || !res.body) throw new Error(`compare failed: HTTP ${res.status} ${await res.text()}`);
  // The browser's reader: each part is parsed by the TraceEvent union, as the compare view does.
  await readCompareStream(res.body, {
    onPart: ({ method, event }) => {
      const now = performance.now() - start;
      const m = out.methods[method];
      if (!m) return;
      if (Number.isNaN(m.firstEventMs)) m.firstEventMs = now;
      if (event.type === "stage-start" && Number.isNaN(m.firstStageMs)) m.firstStageMs = now;
      if (event.type === "run-end") [m.endMs, m.ok] = [now, event.ok];
    },
  });
  out.totalMs = performance.now() - start;
  return out;
}
