// Child process of the index benchmark. `import <csv>` imports the file (no indexing) and prints
// the dataset id; `index <id>` indexes it, then times cell searches, and prints JSON.
import { statSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import path from "node:path";
import { closeAppDb } from "../../lib/server/db/app-db.ts";

const [mode, arg] = process.argv.slice(2);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** ~200 queries of the kinds people type: exact values, typos, acronyms, lower case, partial words. */
function queries(): string[] {
  const out: string[] = [];
  let seed = 7;
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
  const cities = ["LA", "san diego", "Fresno", "sacramneto", "Long Beach", "oakland", "bakersfeld", "Irvine"];
  for (let i = 0; i < 200; i++) {
    const n = Math.floor(rand() * 100_000);
    const kind = i % 5;
    if (kind === 0) out.push(`Customer ${n}`);
    else if (kind === 1) out.push(`custmer ${n}`);
    else if (kind === 2) out.push(cities[i % cities.length]);
    else if (kind === 3) out.push(["pending", "on hold", "fragile", "handle with care"][i % 4]);
    else out.push(`order ${n % 5000} note`);
  }
  return out;
}

if (mode === "import") {
  const { importDataset } = await import("../../lib/server/ingest/import-dataset.ts");
  const detail = await importDataset([{ originalName: path.basename(arg), path: arg, size: statSync(arg).size }]);
  await closeAppDb();
  console.log(JSON.stringify({ id: detail.id, rowCount: detail.rowCount }));
} else if (mode === "index") {
  const { runIndexing } = await import("../../lib/server/index/pipeline.ts");
  const { searchDatasetCells } = await import("../../lib/server/index/cell-searcher.ts");
  // How long requests would wait while indexing runs: the event loop's delay, sampled every 10 ms.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const start = performance.now();
  const outcome = await runIndexing(arg);
  const indexSeconds = (performance.now() - start) / 1000;
  loop.disable();
  const loopDelay = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
  if (!outcome || outcome.status !== "ready") throw new Error(`indexing failed: ${outcome?.error}`);
  const qs = queries();
  const first = performance.now();
  await searchDatasetCells(arg, { q: qs[0], limit: 50 }); // opens the index: reported apart
  const openMs = performance.now() - first;
  const times: number[] = [];
  let hits = 0;
  for (const q of qs) {
    const t = performance.now();
    const r = await searchDatasetCells(arg, { q, limit: 50 });
    times.push(performance.now() - t);
    hits += r?.hits.length ?? 0;
  }
  times.sort((a, b) => a - b);
  await closeAppDb();
  console.log(
    JSON.stringify({
      indexSeconds,
      loopDelay,
      stages: outcome.stages,
      openMs,
      queries: qs.length,
      meanHits: hits / qs.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: times[times.length - 1],
    }),
  );
} else {
  throw new Error(`usage: index-child.mts import <csv> | index <datasetId>`);
}
