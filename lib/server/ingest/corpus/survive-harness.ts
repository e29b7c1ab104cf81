import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

// What survive.test.ts measures the server with: the home page's data served over HTTP by the real
// route handler in the test's process (the process doing the uploads and the asking), a second
// process that polls it the way a person reloading the page would, and hashes of every dataset's
// files to show the others were left alone.

/** Serves GET / with `answer` (the dataset list the home page shows) on a free loopback port. */
export async function serveHome(answer: () => Promise<Response>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || req.url !== "/") {
      res.writeHead(404).end();
      return;
    }
    answer().then(
      async (r) => res.writeHead(r.status, { "content-type": "application/json" }).end(await r.text()),
      (err) => res.writeHead(500).end(String(err)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// The poller: one GET at a time, every 100 ms, each with a 30 s limit; it keeps the slowest answer
// (and failures) since it was last asked, and reports on request over IPC.
const POLLER = `
const url = process.argv[1];
let worst = 0, answers = 0, failures = 0;
async function tick() {
  const start = performance.now();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(30000) });
    await res.text();
    if (res.status !== 200) failures++;
  } catch { failures++; }
  worst = Math.max(worst, performance.now() - start);
  answers++;
  setTimeout(tick, 100);
}
tick();
process.on("message", (m) => {
  if (m === "report") process.send({ worst, answers, failures });
  worst = 0; answers = 0; failures = 0;
  if (m === "stop") process.exit(0);
});
`;

export type ProbeReport = { worst: number; answers: number; failures: number };

/** A poller of `url` in its own process (its event loop is not the one being measured). */
export function startPoller(url: string): { report: () => Promise<ProbeReport>; stop: () => void } {
  const child: ChildProcess = spawn(process.execPath, ["-e", POLLER, url], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return {
    report: () =>
      new Promise((resolve) => {
        child.once("message", (m) => resolve(m as ProbeReport));
        child.send("report");
      }),
    stop: () => {
      child.send("stop");
    },
  };
}

/** A hash of every file under `dir`, names included. */
function hashTree(dir: string): string {
  const h = createHash("sha256");
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, entry.name);
      h.update(path.relative(dir, p));
      if (entry.isDirectory()) walk(p);
      else h.update(fs.readFileSync(p));
    }
  };
  walk(dir);
  return h.digest("hex");
}

/** Each dataset directory's hash, by dataset id. */
export function hashDatasets(dataDir: string): Map<string, string> {
  const root = path.join(dataDir, "datasets");
  if (!fs.existsSync(root)) return new Map();
  return new Map(fs.readdirSync(root).map((id) => [id, hashTree(path.join(root, id))]));
}

/** A multipart upload request of files (streamed from disk as it is sent, under `name`). */
export async function uploadRequest(files: Array<{ path: string; name: string }>): Promise<Request> {
  const form = new FormData();
  for (const f of files) form.append("files", await fs.openAsBlob(f.path), f.name);
  return new Request("http://127.0.0.1/api/datasets", { method: "POST", body: form });
}

/** A JSON request to a route handler. */
export function jsonRequest(method: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request("http://127.0.0.1/api", {
    method,
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...headers },
  });
}

/** Route handlers' second argument. */
export const params = (p: Record<string, string>) => ({ params: Promise.resolve(p) }) as never;

/** A JSON POST whose body streams `total` bytes of spaces, counting how many the server pulled. */
export function streamedBody(total: number): { request: Request; sent: () => number } {
  let sent = 0;
  const chunk = new Uint8Array(1 << 20).fill(0x20);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  const init = { method: "POST", body, headers: { "content-type": "application/json" }, duplex: "half" };
  return { request: new Request("http://127.0.0.1/api", init as RequestInit), sent: () => sent };
}
