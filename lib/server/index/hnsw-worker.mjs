// A worker thread that builds one HNSW index at a time with usearch, so the many seconds of a
// large column's graph construction never block the server's event loop. Plain ESM on purpose:
// Next bundles server code, so the parent starts this file by path (see hnsw-builder.ts).
// Messages: {id, type: "open", config} | {id, type: "add", keys, vectors} (transferred buffers)
// | {id, type: "save", file}; every one is answered with {id, ok, size} or {id, ok: false, error}.
import { parentPort } from "node:worker_threads";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { Index } = require("usearch");

let index = null;

parentPort.on("message", (m) => {
  try {
    if (m.type === "open") index = new Index(m.config);
    else if (m.type === "add") index.add(new BigUint64Array(m.keys), new Float32Array(m.vectors), 0);
    else if (m.type === "save") index.save(m.file);
    else throw new Error(`unknown message ${m.type}`);
    parentPort.postMessage({ id: m.id, ok: true, size: index ? index.size() : 0 });
  } catch (err) {
    parentPort.postMessage({ id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
