// `npm run bench -- batch`: a batch of 1,000 questions × FGTR on a Spider database, killed
// (SIGKILL, as a crash or restart) when about 40% is done, then resumed by a new process the way
// a server start resumes it. Prints how many questions ran after the restart (none finished may
// run again: items stay unique and the runs made after the restart equal the items left, plus
// none), the time, and the event loop's delay while the batch ran (what a grid page would wait).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sharedDatasets } from "../eval/datasets.mts";

const QUESTIONS = Number(process.env.BATCH_BENCH_QUESTIONS ?? 1000);
const DB = process.env.BATCH_BENCH_DB ?? "singer";

function child(args: string[], env: NodeJS.ProcessEnv, onLine: (line: string) => void): Promise<number | null> {
  const proc = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/bench/batch-child.mts", ...args],
    {
      env,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let buffer = "";
  proc.stdout.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    let i = buffer.indexOf("\n");
    while (i >= 0) {
      onLine(buffer.slice(0, i));
      buffer = buffer.slice(i + 1);
      i = buffer.indexOf("\n");
    }
  });
  (child as unknown as { current?: typeof proc }).current = proc;
  return new Promise((resolve) => proc.on("exit", (code) => resolve(code)));
}

export async function run(): Promise<void> {
  const file = path.join(sharedDatasets(), "spider", "databases", DB, `${DB}.sqlite`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tablesight-batch-bench-"));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SEED_SAMPLE: "0", AUTO_INDEX: "0" };
  delete env.DATABASE_URL;
  const killAt = Math.round(QUESTIONS * 0.4);
  const start = performance.now();
  let firstItemAt = 0;
  let done = 0;
  const first = child(["start", file, String(QUESTIONS)], env, (line) => {
    const msg = JSON.parse(line) as { done?: number };
    if (msg.done === 1) firstItemAt = performance.now();
    if (msg.done !== undefined) done = msg.done;
    if (done === killAt) (child as unknown as { current: { kill: (s: string) => void } }).current.kill("SIGKILL");
  });
  await first;
  const beforeKill = (performance.now() - firstItemAt) / 1000;
  console.log(`killed after ${done} of ${QUESTIONS} questions (${beforeKill.toFixed(1)} s of answering)`);
  let report = "";
  await child(["resume"], env, (line) => {
    report = line;
  });
  const r = JSON.parse(report) as Record<string, unknown>;
  console.log(JSON.stringify({ ...r, killedAt: done, totalSeconds: Math.round((performance.now() - start) / 1000) }));
  const ok = r.status === "done" && r.items === QUESTIONS && r.uniqueItems === QUESTIONS;
  console.log(ok ? "resumed without repeats" : "RESUME CHECK FAILED");
  rmSync(dataDir, { recursive: true, force: true });
}
