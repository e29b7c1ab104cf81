// Ingest benchmark: imports a 1,000,000-row CSV through the app's import path and through the
// sqlite3 shell's .import, each in its own process, and prints wall time, rows/s and peak RSS.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureBenchCsv } from "./generate-csv.mts";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const root = path.resolve("bench-data");

function ensureSqliteShell(): boolean {
  if (spawnSync("sqlite3", ["-version"]).status === 0) return true;
  if (process.getuid?.() === 0)
    spawnSync("bash", ["-c", "apt-get update -qq && apt-get install -y -qq sqlite3"], { stdio: "inherit" });
  return spawnSync("sqlite3", ["-version"]).status === 0;
}

function timed(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): { seconds: number; peakRssMb: number; stdout: string } {
  // GNU time reports the child's peak resident set size in KB.
  const start = process.hrtime.bigint();
  const result = spawnSync("/usr/bin/time", ["-f", "PEAK_RSS_KB=%M", cmd, ...args], {
    env,
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr}`);
  const kb = Number(/PEAK_RSS_KB=(\d+)/.exec(result.stderr)?.[1] ?? 0);
  return { seconds, peakRssMb: kb / 1024, stdout: result.stdout };
}

export async function run(): Promise<void> {
  mkdirSync(root, { recursive: true });
  const csv = path.join(root, `bench-${ROWS}.csv`);
  console.log(`Generating ${ROWS.toLocaleString("en")} rows × 12 columns…`);
  const bytes = await ensureBenchCsv(csv, ROWS);
  console.log(`CSV: ${(bytes / 1e6).toFixed(1)} MB at ${csv}`);

  const dataDir = path.join(root, "ingest-data");
  rmSync(dataDir, { recursive: true, force: true });
  const app = timed(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/bench/import-once.mts", csv],
    { ...process.env, DATA_DIR: dataDir, SEED_SAMPLE: "0", AUTO_INDEX: "0" },
  );
  const imported = JSON.parse(app.stdout.trim().split("\n").pop() ?? "{}");

  let shell: { seconds: number; peakRssMb: number } | null = null;
  if (ensureSqliteShell()) {
    const target = path.join(root, "shell-import.sqlite");
    rmSync(target, { force: true });
    const script = path.join(root, "shell-import.sql");
    writeFileSync(script, `.mode csv\n.import ${csv} bench\n`);
    shell = timed("sqlite3", [target, `.read ${script}`]);
    const count = execFileSync("sqlite3", [target, "SELECT count(*) FROM bench"], { encoding: "utf8" }).trim();
    console.log(
      `sqlite3 shell imported ${Number(count).toLocaleString("en")} rows ` +
        `(${(statSync(target).size / 1e6).toFixed(1)} MB file)`,
    );
  } else console.log("sqlite3 shell not available: install Debian's sqlite3 package to compare.");

  const rows = imported.rowCount as number;
  const lines = [
    "| importer | rows | wall s | rows/s | peak RSS MB |",
    "|---|---|---|---|---|",
    `| Tablesight import ` +
      `| ${rows.toLocaleString("en")} | ${app.seconds.toFixed(2)} | ` +
      `${Math.round(rows / app.seconds).toLocaleString("en")} | ${app.peakRssMb.toFixed(0)} |`,
  ];
  if (shell)
    lines.push(
      `| sqlite3 .import ` +
        `| ${ROWS.toLocaleString("en")} | ${shell.seconds.toFixed(2)} | ` +
        `${Math.round(ROWS / shell.seconds).toLocaleString("en")} | ${shell.peakRssMb.toFixed(0)} |`,
    );
  console.log(lines.join("\n"));
  console.log(`column types: ${imported.types?.join(", ")}`);
  if (shell)
    console.log(
      `ratio (Tablesight / sqlite3): ${(app.seconds / shell.seconds).toFixed(2)}× time — goal ≤ 2.0×; ` +
        `peak RSS ${app.peakRssMb.toFixed(0)} MB — goal ≤ 1024 MB`,
    );
}
