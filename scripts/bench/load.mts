// Load benchmark: the built app on loopback under 20 concurrent question streams (every method
// the sample dataset supports, local reasoner) plus 2 uploads at a time, for a bounded number of
// rounds, while a dataset with a heavy view (1,300 rows cross-joined three times: 2.2 billion
// rows) indexes in the background. Prints errors, incomplete streams, p50/p95 latency, the heavy
// dataset's index state and the server's peak RSS.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import Database from "libsql";
import os from "node:os";
import path from "node:path";
import { timeAsk, type AskTiming } from "./ask-client.mts";

const PORT = Number(process.env.BENCH_PORT ?? 3902);
const ROUNDS = Number(process.env.LOAD_ROUNDS ?? 3);
const STREAMS = 20;
const UPLOADS = 2;
const base = `http://127.0.0.1:${PORT}`;
const QUESTIONS = [
  "Who is the superintendent of Oak Hollow Elementary?",
  "How many schools in Contra Costa county are directly funded?",
  "Which county has the most schools?",
  "What is the average number of test takers?",
  "List the districts in Fresno county.",
  "How many charter schools are there?",
  "Which school has the highest average math score?",
  "What is the total enrollment of high schools in 2022-23?",
  "How many districts are there in each county?",
];

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** Resident memory of a process and all its descendants, in MB (from /proc). */
function treeRssMb(pid: number): number {
  let kb = 0;
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  for (const stack = [pid]; stack.length; ) {
    const p = stack.pop()!;
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // gone
    }
    stack.push(...(children.get(p) ?? []));
  }
  return kb / 1024;
}

async function waitReady(): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const list = await fetch(`${base}/api/datasets`).then(
      (r) => r.json(),
      () => null,
    );
    const sample = list?.datasets?.[0];
    if (sample) {
      const detail = await (await fetch(`${base}/api/datasets/${sample.id}`)).json();
      if (detail.index?.status === "ready") return sample.id;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the sample dataset was not indexed in time");
}

async function uploadOnce(i: number): Promise<{ ms: number; ok: boolean }> {
  const rows = ["id,name,city,amount"];
  for (let r = 0; r < 20_000; r++) rows.push(`${r},Name ${r},City ${r % 40},${r % 997}.25`);
  const form = new FormData();
  form.append("files", new Blob([rows.join("\n")]), `load-${i}.csv`);
  const t = performance.now();
  const res = await fetch(`${base}/api/datasets`, { method: "POST", body: form });
  await res.arrayBuffer();
  return { ms: performance.now() - t, ok: res.status === 201 };
}

/** Uploads a SQLite file whose view explodes (issue 13); its indexing then runs in the background. */
async function uploadHeavyView(dir: string): Promise<string> {
  const file = path.join(dir, "heavy-view.sqlite");
  rmSync(file, { force: true });
  const db = new Database(file);
  db.exec(
    "CREATE TABLE n (i INTEGER PRIMARY KEY, label TEXT); WITH RECURSIVE s(i) " +
      "AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 1300) INSERT INTO n SELECT i, 'row ' || i FROM s; " +
      "CREATE VIEW boom AS SELECT a.i, b.label FROM n a, n b, n c;",
  );
  db.close();
  const form = new FormData();
  form.append("files", new Blob([readFileSync(file)]), "heavy-view.sqlite");
  const res = await fetch(`${base}/api/datasets`, { method: "POST", body: form });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`the heavy-view upload failed: ${JSON.stringify(body)}`);
  return body.id;
}

async function indexState(id: string): Promise<string> {
  const index = (await (await fetch(`${base}/api/datasets/${id}`)).json()).index;
  const notes = (index?.stages ?? [])
    .flatMap((s: { notes: string[] }) => s.notes)
    .filter((n: string) => /sample|budget/.test(n));
  return `${index?.status ?? "unknown"}${notes.length ? ` (${notes.join(" ")})` : ""}`;
}

export async function run(): Promise<void> {
  if (!existsSync(".next/BUILD_ID") && spawnSync("npx", ["next", "build"], { stdio: "inherit" }).status !== 0)
    throw new Error("next build failed");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tablesight-load-"));
  const server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
    detached: true,
  });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(server.pid!))), 100);
  try {
    const datasetId = await waitReady();
    // LOAD_HEAVY_VIEW=0 leaves it out, to compare the load with and without it.
    const heavyId = process.env.LOAD_HEAVY_VIEW === "0" ? null : await uploadHeavyView(dataDir);
    if (heavyId) console.log(`heavy-view dataset uploaded; its index: ${await indexState(heavyId)}`);
    const methods: Array<{ id: string; available: boolean }> = (await (await fetch(`${base}/api/methods`)).json())
      .methods;
    const usable = methods.filter((m) => m.available).map((m) => m.id);
    const url = `${base}/api/datasets/${datasetId}/ask`;
    const streams: AskTiming[] = [];
    // Each method's answer times apart: which method a slow p95 comes from.
    const byMethod = new Map<string, number[]>();
    const uploads: Array<{ ms: number; ok: boolean }> = [];
    let errors = 0;
    const start = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      const asks = Array.from({ length: STREAMS }, (_, i) =>
        timeAsk(url, QUESTIONS[(round * STREAMS + i) % QUESTIONS.length], usable[i % usable.length]).catch(
          () => (errors++, null),
        ),
      );
      const ups = Array.from({ length: UPLOADS }, (_, i) =>
        uploadOnce(round * UPLOADS + i).catch(() => (errors++, null)),
      );
      const answered = await Promise.all(asks);
      answered.forEach((r, i) => {
        if (!r) return;
        streams.push(r);
        const m = usable[i % usable.length];
        byMethod.set(m, [...(byMethod.get(m) ?? []), r.answerMs]);
        if (process.env.LOAD_VERBOSE)
          console.log(`round ${round} ${usable[i % usable.length]}: first ${Math.round(r.firstEventMs)} ms`);
      });
      for (const u of await Promise.all(ups)) if (u) uploads.push(u);
    }
    const wall = (performance.now() - start) / 1000;
    const incomplete = streams.filter((s) => !s.ok).length;
    const failedUploads = uploads.filter((u) => !u.ok).length;
    console.log(
      `Load on ${base}: ${ROUNDS} rounds × (${STREAMS} concurrent streams [${usable.join(", ")}] ` +
        `+ ${UPLOADS} uploads of 20,000 rows), ${wall.toFixed(1)} s`,
    );
    console.log(
      `requests: ${streams.length + uploads.length + errors}; errors ${errors + failedUploads}; ` +
        `streams complete ${streams.length - incomplete}/${streams.length}`,
    );
    console.log(
      `stream first event: p50 ${pct(
        streams.map((s) => s.firstEventMs),
        50,
      ).toFixed(0)} ms, p95 ${pct(
        streams.map((s) => s.firstEventMs),
        95,
      ).toFixed(0)} ms`,
    );
    console.log(
      `stream answer: p50 ${pct(
        streams.map((s) => s.answerMs),
        50,
      ).toFixed(0)} ms, p95 ${pct(
        streams.map((s) => s.answerMs),
        95,
      ).toFixed(0)} ms`,
    );
    console.log(
      `answer by method: ${[...byMethod]
        .map(([m, ms]) => `${m} p50 ${pct(ms, 50).toFixed(0)} ms, p95 ${pct(ms, 95).toFixed(0)} ms`)
        .join("; ")}`,
    );
    console.log(
      `upload: p50 ${pct(
        uploads.map((u) => u.ms),
        50,
      ).toFixed(0)} ms, p95 ${pct(
        uploads.map((u) => u.ms),
        95,
      ).toFixed(0)} ms`,
    );
    if (heavyId) console.log(`heavy-view dataset's index after the load: ${await indexState(heavyId)}`);
    console.log(`server peak RSS (all its processes): ${peak.toFixed(0)} MB`);
    if (errors + failedUploads + incomplete > 0) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      server.kill("SIGTERM");
    }
  }
}
