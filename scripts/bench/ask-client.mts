// One streamed ask over HTTP, timed the way a browser experiences it.
import { readTraceStream } from "../../components/workbench/api/traceStream.ts";

export type AskTiming = {
  question: string;
  firstEventMs: number;
  answerMs: number;
  events: number;
  answered: boolean;
  ok: boolean;
};

/** POSTs a question and reads the stream to its end: ms to the first trace event and to the answer event. */
export async function timeAsk(
  url: string,
  question: string,
  method = "fgtr",
  headers: Record<string, string> = {},
): Promise<AskTiming> {
  const start = performance.now();
  const out: AskTiming = { question, firstEventMs: NaN, answerMs: NaN, events: 0, answered: false, ok: false };
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ question, method, reasoner: "local" }),
  });
  if (!res.ok || !res.body) throw new Error(`ask failed: HTTP ${res.status} ${await res.text()}`);
  // The browser's reader: each event is parsed by the TraceEvent union, as the workbench does.
  await readTraceStream(res.body, {
    onEvent: (event) => {
      const now = performance.now() - start;
      if (out.events++ === 0) out.firstEventMs = now;
      if (event.type === "answer") {
        out.answerMs = now;
        out.answered = event.values.length > 0;
      }
      if (event.type === "run-end") out.ok = event.ok;
    },
  });
  if (Number.isNaN(out.answerMs)) out.answerMs = performance.now() - start;
  return out;
}
