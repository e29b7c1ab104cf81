// Ingest benchmark: imports an N-row × 12-column CSV (default 1,000,000; `--rows N`) through the app's
// import path and through the sqlite3 shell's .import, each in its own process, and prints wall time,
// CPU time, rows/s and peak RSS, with the app's memory and progress sampled while it runs
// (`--sample-ms`, default 1000). DuckDB's read_csv_auto and `sqlite-utils insert --detect-types`
// are timed beside them when those commands are installed (optional; skipped quietly otherwise).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
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

export async function run(): Promise<void> {
  const rows = flag("rows", Number(process.env.BENCH_ROWS ?? 1_000_000));
  const sampleMs = flag("sample-ms", 1000);
  mkdirSync(root, { recursive: true });
  const csv = path.join(root, `bench-${rows}.csv`);
  console.log(`Generating ${n(rows)} rows × 12 columns…`);
  const bytes = await ensureBenchCsv(csv, rows);
  console.log(`CSV: ${(bytes / 1e6).toFixed(1)} MB at ${csv}`);

  const dataDir = path.join(root, "ingest-data");
  rmSync(dataDir, { recursive: true, force: true });
  console.log("Tablesight import (time, rows read, bytes read, resident memory):");
  // A file past the upload limit (the 10M-row one is ~1 GB) is allowed here as an operator would allow it.
  const limit = String(Math.max(bytes, 500 * 2 ** 20));
  const env = { ...process.env, DATA_DIR: dataDir, SEED_SAMPLE: "0", AUTO_INDEX: "0", MAX_FILE_BYTES: limit };
  const child = ["--conditions=react-server", "--import", "tsx", "scripts/bench/import-once.mts", csv, `${sampleMs}`];
  const app = await timed("Tablesight import", rows, process.execPath, child, env, "SAMPLE ");
  const imported = JSON.parse(app.stdout.trim().split("\n").pop() ?? "{}");
  app.rows = imported.rowCount;
  rmSync(dataDir, { recursive: true, force: true });

  let shell: Timing | null = null;
  if (ensureSqliteShell()) {
    const target = path.join(root, "shell-import.sqlite");
    rmSync(target, { force: true });
    const script = path.join(root, "shell-import.sql");
    writeFileSync(script, `.mode csv\n.import ${csv} bench\n`);
    shell = await timed("sqlite3 .import", rows, "sqlite3", [target, `.read ${script}`]);
    const count = execFileSync("sqlite3", [target, "SELECT count(*) FROM bench"], { encoding: "utf8" }).trim();
    console.log(
      `sqlite3 shell imported ${n(Number(count))} rows (${(statSync(target).size / 1e6).toFixed(1)} MB file)`,
    );
    rmSync(target, { force: true });
  } else console.log("sqlite3 shell not available: install Debian's sqlite3 package to compare.");

  const timings = [app, ...(shell ? [shell] : []), ...(await others(csv, rows))];
  console.log(["| importer | rows | wall s | CPU s | rows/s | peak RSS MB |", "|---|---|---|---|---|---|"].join("\n"));
  console.log(timings.map(row).join("\n"));
  console.log(`column types: ${imported.types?.join(", ")}`);
  const importSeconds = imported.importSeconds as number;
  console.log(`import alone (in the process, after its modules loaded): ${importSeconds.toFixed(2)} s`);
  if (shell) {
    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
    console.log(
      `ratio (Tablesight / sqlite3): process wall ${ratio(app.seconds, shell.seconds)}, ` +
        `import wall ${ratio(importSeconds, shell.seconds)}, CPU ${ratio(app.cpuSeconds, shell.cpuSeconds)} ` +
        `— goal ≤ 2.0×; peak RSS ${app.peakRssMb.toFixed(0)} MB — goal ≤ 1024 MB`,
    );
  }
}
