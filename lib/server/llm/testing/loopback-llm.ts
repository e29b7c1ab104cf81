import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1 for tests, answering each request with
 * the next scripted behaviour: the ways local model servers answer in practice, good and bad.
 * Not used by any shipped code.
 */
type LoopbackReply =
  /** A normal completion whose message content is `content`. */
  | { kind: "json"; content: string; finishReason?: "stop" | "length" }
  /** The completion as server-sent events, in `chunks` pieces, whether or not the request asked for a stream. */
  | { kind: "sse"; content: string; chunks?: number; finishReason?: "stop" | "length" }
  /** No content, only a tool call carrying the object (what some servers do for structured output). */
  | { kind: "tool-call"; name: string; args: string }
  /** An HTTP error status with an OpenAI-style error body and optional headers (retry-after-ms). */
  | { kind: "status"; status: number; message: string; headers?: Record<string, string> }
  /** A response body that is not JSON at all. */
  | { kind: "raw"; body: string; contentType: string }
  /** Accepts the request and never answers. */
  | { kind: "hang" };

type SeenRequest = { auth: string | undefined; body: Record<string, unknown>; at: number };

export type LoopbackLlm = {
  baseURL: string;
  seen: SeenRequest[];
  /** Queues replies for the next requests; when the queue is empty, `otherwise` answers. */
  script: (...replies: LoopbackReply[]) => void;
  otherwise: (reply: LoopbackReply) => void;
  close: () => Promise<void>;
};

const USAGE = { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 };

export async function startLoopbackLlm(model = "tiny-llm"): Promise<LoopbackLlm> {
  const seen: SeenRequest[] = [];
  const queue: LoopbackReply[] = [];
  let fallback: LoopbackReply = { kind: "json", content: "{}" };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) return void res.writeHead(404).end();
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as {}
      }
      seen.push({ auth: req.headers.authorization, body, at: Date.now() });
      answer(res, queue.shift() ?? fallback, `chatcmpl-${seen.length}`, model, hanging);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    script: (...replies) => void queue.push(...replies),
    otherwise: (reply) => {
      fallback = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(
  res: http.ServerResponse,
  reply: LoopbackReply,
  id: string,
  model: string,
  hanging: Set<http.ServerResponse>,
): void {
  const created = Math.floor(Date.now() / 1000);
  const completion = (message: object, finishReason: string) =>
    JSON.stringify({
      id,
      object: "chat.completion",
      created,
      model,
      choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: finishReason }],
      usage: USAGE,
    });
  switch (reply.kind) {
    case "json":
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(completion({ content: reply.content }, reply.finishReason ?? "stop"));
    case "tool-call":
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(
        completion(
          {
            content: null,
            tool_calls: [{ id: "call_1", type: "function", function: { name: reply.name, arguments: reply.args } }],
          },
          "tool_calls",
        ),
      );
    case "sse": {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      const size = Math.ceil(reply.content.length / (reply.chunks ?? 4));
      const chunk = (delta: object, finish: string | null) => {
        const choices = [{ index: 0, delta, finish_reason: finish }];
        return `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices })}\n\n`;
      };
      res.write(chunk({ role: "assistant", content: "" }, null));
      for (let i = 0; i < reply.content.length; i += size)
        res.write(chunk({ content: reply.content.slice(i, i + size) }, null));
      res.write(chunk({}, reply.finishReason ?? "stop"));
      return void res.end("data: [DONE]\n\n");
    }
    case "status":
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      return void res.end(JSON.stringify({ error: { message: reply.message, type: "server_error", code: null } }));
    case "raw":
      res.writeHead(200, { "content-type": reply.contentType });
      return void res.end(reply.body);
    case "hang":
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
  }
}
