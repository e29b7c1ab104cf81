// Index benchmark: imports the 1,000,000-row benchmark CSV (its `customer` column has ~100k distinct
// values), then indexes it in a separate process and times ~200 cell searches there. Prints wall
// time per stage, peak RSS and CPU time of the indexing process, and search latency p50/p95.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureBenchCsv } from "./generate-csv.mts";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const root = path.resolve("bench-data");

type Timed = { seconds: number; peakRssMb: number; cpuSeconds: number; stdout: string };

function timed(args: string[], env: NodeJS.ProcessEnv): Timed {
  // GNU time reports the child's peak resident set size (KB) and its user + system CPU seconds.
  const start = process.hrtime.bigint();
  const result = spawnSync(
    "/usr/bin/time",
    ["-f", "PEAK_RSS_KB=%M CPU=%U+%S", process.execPath, "--conditions=react-server", "--import", "tsx", ...args],
    { env, encoding: "utf8", maxBuffer: 1 << 26 },
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed:\n${result.stderr}`);
  const kb = Number(/PEAK_RSS_KB=(\d+)/.exec(result.stderr)?.[1] ?? 0);
  const cpu = /CPU=([\d.]+)\+([\d.]+)/.exec(result.stderr);
  return {
    seconds,
    peakRssMb: kb / 1024,
    cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN,
    stdout: result.stdout,
  };
}

const lastJson = (s: string) => JSON.parse(s.trim().split("\n").pop() ?? "{}");

export async function run(): Promise<void> {
  mkdirSync(root, { recursive: true });
  const csv = path.join(root, `bench-${ROWS}.csv`);
  console.log(`Generating ${ROWS.toLocaleString("en")} rows × 12 columns…`);
  await ensureBenchCsv(csv, ROWS);
  const dataDir = path.join(root, "index-data");
  rmSync(dataDir, { recursive: true, force: true });
  const env = { ...process.env, DATA_DIR: dataDir, SEED_SAMPLE: "0", AUTO_INDEX: "0" };
  const imported = timed(["scripts/bench/index-child.mts", "import", csv], env);
  const { id, rowCount } = lastJson(imported.stdout);
  console.log(`Imported ${rowCount.toLocaleString("en")} rows in ${imported.seconds.toFixed(1)} s; indexing…`);
  const indexed = timed(["scripts/bench/index-child.mts", "index", id], env);
  const r = lastJson(indexed.stdout);
  const lines = ["| stage | wall s | notes |", "|---|---|---|"];
  for (const s of r.stages)
    lines.push(`| ${s.name} | ${(s.ms / 1000).toFixed(2)} | ${s.notes.join(" ").replace(/\|/g, "/")} |`);
  lines.push(`| **whole index** | **${r.indexSeconds.toFixed(2)}** | goal ≤ 60 s |`);
  console.log(lines.join("\n"));
  console.log(
    `indexing process: wall ${indexed.seconds.toFixed(1)} s, CPU ${indexed.cpuSeconds.toFixed(1)} s, ` +
      `peak RSS ${indexed.peakRssMb.toFixed(0)} MB (goal ≤ 1536 MB)`,
  );
  console.log(
    `event-loop delay while indexing (what a request would wait): p99 ${r.loopDelay.p99.toFixed(0)} ms, ` +
      `max ${r.loopDelay.max.toFixed(0)} ms`,
  );
  console.log(
    `cell search over ${r.queries} queries (${r.meanHits.toFixed(1)} hits each): ` +
      `p50 ${r.p50.toFixed(2)} ms (goal ≤ 5), p95 ${r.p95.toFixed(2)} ms, max ${r.max.toFixed(1)} ms; ` +
      `opening the index ${r.openMs.toFixed(0)} ms`,
  );
}
