// Ingest benchmark: imports an N-row × 12-column CSV (default 1,000,000; `--rows N`) through the app's
// import path and through the sqlite3 shell's .import, each in its own process, and prints wall time,
// CPU time, rows/s and peak RSS, with the app's memory and progress sampled while it runs
// (`--sample-ms`, default 1000), `--runs N` times (default 3, the two importers taking turns; the
// ratios are medians). DuckDB's read_csv_auto and `sqlite-utils insert --detect-types`
// are timed beside them when those commands are installed (optional; skipped quietly otherwise).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBenchCsv } from "./generate-csv.mts";

const root = path.resolve("bench-data");

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = Number(i > 0 ? process.argv[i + 1] : Number.NaN);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const has = (cmd: string, args = ["--version"]) => spawnSync(cmd, args).status === 0;

function ensureSqliteShell(): boolean {
  if (has("sqlite3", ["-version"])) return true;
  if (process.getuid?.() === 0)
    spawnSync("bash", ["-c", "apt-get update -qq && apt-get install -y -qq sqlite3"], { stdio: "inherit" });
  return has("sqlite3", ["-version"]);
}

type Timing = { name: string; rows: number; seconds: number; cpuSeconds: number; peakRssMb: number; stdout: string };

/** Runs a command under GNU time (peak RSS in KB, user and system CPU), echoing lines that start with `echo`. */
function timed(name: string, rows: number, cmd: string, args: string[], env = process.env, echo = "\0") {
  const start = process.hrtime.bigint();
  const child = spawn("/usr/bin/time", ["-f", "TIME_STATS %M %U %S", cmd, ...args], { env });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    for (const line of chunk.split("\n")) if (line.startsWith(echo)) console.log(`  ${line.slice(echo.length)}`);
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise<Timing>((resolve, reject) =>
    child.on("close", (code) => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      if (code !== 0) return reject(new Error(`${cmd} failed: ${stderr}`));
      const [kb, user, sys] = (/TIME_STATS (\d+) ([\d.]+) ([\d.]+)/.exec(stderr) ?? []).slice(1).map(Number);
      resolve({ name, rows, seconds, cpuSeconds: user + sys, peakRssMb: kb / 1024, stdout });
    }),
  );
}

const n = (x: number) => Math.round(x).toLocaleString("en");

function row(t: Timing): string {
  const cells = [t.name, n(t.rows), t.seconds.toFixed(2), t.cpuSeconds.toFixed(2), n(t.rows / t.seconds)];
  return `| ${cells.join(" | ")} | ${t.peakRssMb.toFixed(0)} |`;
}

async function others(csv: string, rows: number): Promise<Timing[]> {
  const out: Timing[] = [];
  if (has("duckdb")) {
    const target = path.join(root, "duckdb-import.duckdb");
    rmSync(target, { force: true });
    const sql = `CREATE TABLE bench AS SELECT * FROM read_csv_auto('${csv}')`;
    out.push(await timed("duckdb read_csv_auto", rows, "duckdb", [target, "-c", sql]));
  }
  if (has("sqlite-utils")) {
    const target = path.join(root, "sqlite-utils-import.sqlite");
    rmSync(target, { force: true });
    const args = ["insert", target, "bench", csv, "--csv", "--detect-types"];
    out.push(await timed("sqlite-utils --detect-types", rows, "sqlite-utils", args));
  }
  return out;
}

/** Imports the CSV through the app's import path in its own process, printing its samples. */
async function appImport(csv: string, rows: number, bytes: number, sampleMs: number) {
  const dataDir = path.join(root, "ingest-data");
  rmSync(dataDir, { recursive: true, force: true });
  // A file past the upload limit (the 10M-row one is ~1 GB) is allowed here as an operator would allow it.
  const limit = String(Math.max(bytes, 500 * 2 ** 20));
  const env = { ...process.env, DATA_DIR: dataDir, SEED_SAMPLE: "0", AUTO_INDEX: "0", MAX_FILE_BYTES: limit };
  const child = ["--conditions=react-server", "--import", "tsx", "scripts/bench/import-once.mts", csv, `${sampleMs}`];
  const app = await timed("Tablesight import", rows, process.execPath, child, env, "SAMPLE ");
  const imported = JSON.parse(app.stdout.trim().split("\n").pop() ?? "{}");
  app.rows = imported.rowCount;
  rmSync(dataDir, { recursive: true, force: true });
  return { app, types: imported.types as string[], importSeconds: imported.importSeconds as number };
}

async function shellImport(csv: string, rows: number): Promise<Timing> {
  const target = path.join(root, "shell-import.sqlite");
  rmSync(target, { force: true });
  const script = path.join(root, "shell-import.sql");
  writeFileSync(script, `.mode csv\n.import ${csv} bench\n`);
  const shell = await timed("sqlite3 .import", rows, "sqlite3", [target, `.read ${script}`]);
  const count = execFileSync("sqlite3", [target, "SELECT count(*) FROM bench"], { encoding: "utf8" }).trim();
  console.log(
    `  sqlite3 shell imported ${n(Number(count))} rows (${(statSync(target).size / 1e6).toFixed(1)} MB file)`,
  );
  rmSync(target, { force: true });
  return shell;
}

const load = () =>
  `load ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run(): Promise<void> {
  const rows = flag("rows", Number(process.env.BENCH_ROWS ?? 1_000_000));
  const sampleMs = flag("sample-ms", 1000);
  const runs = flag("runs", 3);
  mkdirSync(root, { recursive: true });
  const csv = path.join(root, `bench-${rows}.csv`);
  console.log(`Generating ${n(rows)} rows × 12 columns…`);
  const bytes = await ensureBenchCsv(csv, rows);
  console.log(`CSV: ${(bytes / 1e6).toFixed(1)} MB at ${csv}`);
  const hasShell = ensureSqliteShell();
  if (!hasShell) console.log("sqlite3 shell not available: install Debian's sqlite3 package to compare.");
  // The worker entries are bundled from source once (a built app ships them): not inside a timed run.
  await (await import("../../lib/server/pool/entries.ts")).workerEntryFile("insert-worker");

  // The two importers take turns, so each ratio compares runs made under the same machine load.
  const timings: Timing[] = [];
  const ratios: Array<{ wall: number; importWall: number; cpu: number }> = [];
  let last: Awaited<ReturnType<typeof appImport>> | null = null;
  for (let i = 1; i <= runs; i++) {
    console.log(`Run ${i} of ${runs} (${load()}): Tablesight import (time, rows read, bytes read, resident memory):`);
    last = await appImport(csv, rows, bytes, sampleMs);
    timings.push(last.app);
    if (!hasShell) continue;
    const shell = await shellImport(csv, rows);
    timings.push(shell);
    const { app, importSeconds } = last;
    ratios.push({
      wall: app.seconds / shell.seconds,
      importWall: importSeconds / shell.seconds,
      cpu: app.cpuSeconds / shell.cpuSeconds,
    });
    console.log(
      `  run ${i}: process wall ${app.seconds.toFixed(2)} s / ${shell.seconds.toFixed(2)} s = ` +
        `${ratios[i - 1].wall.toFixed(2)}× (${load()})`,
    );
  }
  timings.push(...(await others(csv, rows)));
  console.log(["| importer | rows | wall s | CPU s | rows/s | peak RSS MB |", "|---|---|---|---|---|---|"].join("\n"));
  console.log(timings.map(row).join("\n"));
  console.log(`column types: ${last?.types.join(", ")}`);
  const apps = timings.filter((t) => t.name === "Tablesight import");
  const peak = Math.max(...apps.map((t) => t.peakRssMb));
  if (ratios.length) {
    const x = (v: number) => `${v.toFixed(2)}×`;
    console.log(
      `ratio (Tablesight / sqlite3), median of ${ratios.length}: ` +
        `process wall ${x(median(ratios.map((r) => r.wall)))}, ` +
        `import wall ${x(median(ratios.map((r) => r.importWall)))}, CPU ${x(median(ratios.map((r) => r.cpu)))} ` +
        `— goal ≤ 2.0×; peak RSS ${peak.toFixed(0)} MB — goal ≤ 500 MB (${load()})`,
    );
  }
}
