// Child process of the ingest benchmark: imports one file with the upload's import path. Prints a
// line per sample (every --sample-ms, default 1000) with the rows and bytes done and the process's
// resident memory, then one JSON line with the result and the import's own wall time.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { importDataset } from "../../lib/server/ingest/import-dataset.ts";
import type { ImportProgress } from "../../lib/server/ingest/types.ts";
import { closeAppDb } from "../../lib/server/db/app-db.ts";

const file = process.argv[2];
const sampleMs = Number(process.argv[3] ?? 1000);
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
let last: Partial<ImportProgress> = {};
let peakRss = 0;
// CPU seconds of each thread (Linux /proc), kept at its last sample: a worker's entry outlives the thread.
const threadCpu = new Map<string, number>();
const sampleThreads = () => {
  for (const tid of readdirSync("/proc/self/task")) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    threadCpu.set(`${tid === String(process.pid) ? "main" : comm}#${tid}`, (+fields[11] + +fields[12]) / 100);
  }
};
const start = performance.now();
const sample = () => {
  const rss = process.memoryUsage.rss();
  if (process.platform === "linux") sampleThreads();
  peakRss = Math.max(peakRss, rss);
  const done = last.bytesTotal ? `${((100 * (last.bytesDone ?? 0)) / last.bytesTotal).toFixed(0)}% of bytes` : "";
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  console.log(`SAMPLE t=${seconds}s rows=${last.rowsDone ?? 0} ${done} rss=${mb(rss)}MB stage="${last.stage ?? ""}"`);
};
const timer = setInterval(sample, sampleMs);
const size = statSync(file).size;
const detail = await importDataset([{ originalName: path.basename(file), path: file, size }], {
  onProgress: (p) => (last = { ...last, ...p }),
});
const importSeconds = (performance.now() - start) / 1000;
clearInterval(timer);
sample();
await closeAppDb();
const types = detail.tables[0].columns.map((c) => c.type);
const busy = [...threadCpu].filter(([, cpu]) => cpu >= 0.1).map(([name, cpu]) => `${name} ${cpu.toFixed(2)}`);
console.log(`SAMPLE CPU s by thread: ${busy.join(", ")}`);
console.log(JSON.stringify({ rowCount: detail.rowCount, types, importSeconds, peakRssMb: mb(peakRss) }));
