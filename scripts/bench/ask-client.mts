// One streamed ask over HTTP, timed the way a browser experiences it.
import { createSseParser } from "../../components/workbench/api/sse.ts";
import { TRACE_PART_TYPE } from "../../lib/core/trace/stream-part.ts";

export type AskTiming = {
  question: string;
  firstEventMs: number;
  answerMs: number;
  events: number;
  answered: boolean;
  ok: boolean;
};

type Part = { type?: string; data?: { type?: string; ok?: boolean; values?: unknown[] } };

/** POSTs a question and reads the stream to its end: ms to the first trace event and to the answer event. */
export async function timeAsk(
  url: string,
  question: string,
  method = "fgtr",
  headers: Record<string, string> = {},
): Promise<AskTiming> {
  const start = performance.now();
  const out: AskTiming = { question, firstEventMs: NaN, answerMs: NaN, events: 0, answered: false, ok: false };
  const parser = createSseParser((chunk) => {
    const part = chunk as Part;
    if (part.type !== TRACE_PART_TYPE || !part.data) return;
    const now = performance.now() - start;
    if (out.events++ === 0) out.firstEventMs = now;
    if (part.data.type === "answer") {
      out.answerMs = now;
      out.answered = (part.data.values?.length ?? 0) > 0;
    }
    if (part.data.type === "run-end") out.ok = part.data.ok === true;
  });
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ question, method, reasoner: "local" }),
  });
  if (!res.ok || !res.body) throw new Error(`ask failed: HTTP ${res.status} ${await res.text()}`);
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    parser.push(decoder.decode(chunk.value, { stream: true }));
  parser.end();
  if (Number.isNaN(out.answerMs)) out.answerMs = performance.now() - start;
  return out;
}
