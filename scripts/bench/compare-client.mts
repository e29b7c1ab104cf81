// One streamed compare over HTTP, timed per method the way the browser sees it.
import { createSseParser } from "../../components/workbench/api/sse.ts";
import { COMPARE_PART_TYPE } from "../../lib/core/trace/stream-part.ts";

export type CompareTiming = {
  question: string;
  /** Per method: ms to its first event (run-start), to its first stage, and to its run-end. */
  methods: Record<string, { firstEventMs: number; firstStageMs: number; endMs: number; ok: boolean }>;
  totalMs: number;
};

type Part = { type?: string; data?: { method: string; event: { type: string; ok?: boolean } } };

/** POSTs a compare and reads the stream to its end. */
export async function timeCompare(url: string, question: string, methods: string[]): Promise<CompareTiming> {
  const start = performance.now();
  const out: CompareTiming = { question, methods: {}, totalMs: NaN };
  for (const m of methods) out.methods[m] = { firstEventMs: NaN, firstStageMs: NaN, endMs: NaN, ok: false };
  const parser = createSseParser((chunk) => {
    const part = chunk as Part;
    if (part.type !== COMPARE_PART_TYPE || !part.data) return;
    const now = performance.now() - start;
    const m = out.methods[part.data.method];
    if (!m) return;
    if (Number.isNaN(m.firstEventMs)) m.firstEventMs = now;
    if (part.data.event.type === "stage-start" && Number.isNaN(m.firstStageMs)) m.firstStageMs = now;
    if (part.data.event.type === "run-end") [m.endMs, m.ok] = [now, part.data.event.ok === true];
  });
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ question, methods, reasoner: "local" }),
  });
  if (!res.ok || !res.body) throw new Error(`compare failed: HTTP ${res.status} ${await res.text()}`);
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    parser.push(decoder.decode(chunk.value, { stream: true }));
  parser.end();
  out.totalMs = performance.now() - start;
  return out;
}
