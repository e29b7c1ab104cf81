// Ask benchmark: FGTR with the local reasoner on the 1,000,000-row benchmark dataset, through the
// built app's HTTP stream, as the browser sees it. Prints time to the first trace event and to the
// answer (p50/p95) over 50 questions, plus the first (cold) question apart.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureBenchCsv } from "./generate-csv.mts";
import { benchQuestions } from "./ask-questions.mts";
import { timeAsk, type AskTiming } from "./ask-client.mts";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const root = path.resolve("bench-data");

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function child(args: string[], env: NodeJS.ProcessEnv): string {
  const r = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", ...args], {
    env,
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  if (r.status !== 0) throw new Error(`${args.join(" ")} failed:\n${r.stderr}`);
  return r.stdout.trim().split("\n").pop() ?? "{}";
}

/** Imports and indexes the benchmark CSV once; later runs reuse the dataset (its id is kept in a marker). */
function ensureIndexedDataset(csv: string, dataDir: string, env: NodeJS.ProcessEnv): string {
  const marker = path.join(dataDir, `dataset-${ROWS}.id`);
  if (existsSync(marker)) return readFileSync(marker, "utf8").trim();
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  console.log("Importing and indexing the benchmark table (once; reused by later runs)…");
  const { id } = JSON.parse(child(["scripts/bench/index-child.mts", "import", csv], env));
  child(["scripts/bench/index-child.mts", "index", id], env);
  writeFileSync(marker, id);
  return id;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  if (!existsSync(".next/BUILD_ID")) {
    console.log("Building the app (next build)…");
    const b = spawnSync("npx", ["next", "build"], { stdio: "inherit", env });
    if (b.status !== 0) throw new Error("next build failed");
  }
  const server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...env, PORT: String(PORT), HOST: "127.0.0.1" },
    stdio: "ignore",
  });
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/datasets`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error(`the app did not start on port ${PORT}`);
}

function summarise(label: string, values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  return (
    `${label}: p50 ${percentile(s, 50).toFixed(0)} ms, p95 ${percentile(s, 95).toFixed(0)} ms, ` +
    `max ${s[s.length - 1].toFixed(0)} ms`
  );
}

export async function run(): Promise<void> {
  mkdirSync(root, { recursive: true });
  const csv = path.join(root, `bench-${ROWS}.csv`);
  await ensureBenchCsv(csv, ROWS);
  const dataDir = path.join(root, "ask-data");
  const env = { ...process.env, DATA_DIR: dataDir, SEED_SAMPLE: "0", AUTO_INDEX: "0", NEXT_TELEMETRY_DISABLED: "1" };
  const datasetId = ensureIndexedDataset(csv, dataDir, env);
  const server = await startServer(env);
  try {
    const url = `http://127.0.0.1:${PORT}/api/datasets/${datasetId}/ask`;
    const questions = benchQuestions(50);
    const cold = await timeAsk(url, questions[0]);
    const timings: AskTiming[] = [];
    for (const q of questions) timings.push(await timeAsk(url, q));
    const answered = timings.filter((t) => t.answered);
    console.log(`FGTR / local on ${ROWS.toLocaleString("en")} rows, ${timings.length} questions over HTTP (streamed)`);
    console.log(
      `cold first question: first event ${cold.firstEventMs.toFixed(0)} ms, answer ${cold.answerMs.toFixed(0)} ms`,
    );
    console.log(
      summarise(
        "time to first event",
        timings.map((t) => t.firstEventMs),
      ) + " (goal ≤ 100)",
    );
    console.log(
      summarise(
        "time to answer",
        timings.map((t) => t.answerMs),
      ) + " (goal p50 ≤ 500)",
    );
    console.log(
      `answered ${answered.length}/${timings.length}; failed runs ${timings.filter((t) => !t.ok).length}; ` +
        `events per run (mean) ${(timings.reduce((n, t) => n + t.events, 0) / timings.length).toFixed(0)}`,
    );
    const slowest = [...timings].sort((a, b) => b.answerMs - a.answerMs).slice(0, 3);
    for (const t of slowest) console.log(`  slow: ${t.answerMs.toFixed(0)} ms  ${t.question}`);
  } finally {
    server.kill("SIGTERM");
  }
}
