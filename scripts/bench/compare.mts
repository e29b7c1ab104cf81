// Compare benchmark: FGTR, SGAM, GraphOTTER and HELIOS (local reasoner) on one question at once,
// on the 1,000,000-row benchmark dataset, through the built app's HTTP stream. For each question
// it times each method alone (ask) and the four together (compare): the first event of every
// method in the compare (goal ≤ 200 ms) and the compare's total against the slowest single
// method (goal ≤ +20%).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { benchQuestions } from "./ask-questions.mts";
import { timeAsk } from "./ask-client.mts";
import { ensureIndexedDataset, PORT, ROWS, root, startServer } from "./ask.mts";
import { timeCompare } from "./compare-client.mts";
import { ensureBenchCsv } from "./generate-csv.mts";

const METHODS = ["fgtr", "sgam", "graphotter", "helios"];
const QUESTIONS = Number(process.env.BENCH_COMPARE_QUESTIONS ?? 8);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const max = (xs: number[]) => Math.max(...xs);

export async function run(): Promise<void> {
  mkdirSync(root, { recursive: true });
  const csv = path.join(root, `bench-${ROWS}.csv`);
  await ensureBenchCsv(csv, ROWS);
  const dataDir = path.join(root, "ask-data");
  const env = { ...process.env, DATA_DIR: dataDir, SEED_SAMPLE: "0", AUTO_INDEX: "0", NEXT_TELEMETRY_DISABLED: "1" };
  const datasetId = ensureIndexedDataset(csv, dataDir, env);
  const server = await startServer(env);
  try {
    const base = `http://127.0.0.1:${PORT}/api/datasets/${datasetId}`;
    const questions = benchQuestions(QUESTIONS);
    // Warm every method once (caches, the index, JIT), so neither side pays the cold start.
    await timeCompare(`${base}/compare`, questions[0], METHODS);
    const firstEvent: number[] = [];
    const firstStage: number[] = [];
    const ratios: number[] = [];
    console.log(
      `Compare of ${METHODS.join(", ")} / local on ${ROWS.toLocaleString("en")} rows, ${QUESTIONS} questions`,
    );
    for (const q of questions) {
      const singles: Record<string, number> = {};
      for (const m of METHODS) singles[m] = (await timeAsk(`${base}/ask`, q, m)).answerMs;
      const c = await timeCompare(`${base}/compare`, q, METHODS);
      const slowest = max(Object.values(singles));
      const worstFirst = max(METHODS.map((m) => c.methods[m].firstEventMs));
      const worstStage = max(METHODS.map((m) => c.methods[m].firstStageMs));
      firstEvent.push(worstFirst);
      firstStage.push(worstStage);
      ratios.push(c.totalMs / slowest);
      const alone = METHODS.map((m) => `${m} ${singles[m].toFixed(0)}`).join(", ");
      console.log(
        `  ${c.totalMs.toFixed(0)} ms together vs slowest alone ${slowest.toFixed(0)} ms (${alone}); ` +
          `first event of every method by ${worstFirst.toFixed(0)} ms, ` +
          `first stage by ${worstStage.toFixed(0)} ms — ${q}`,
      );
    }
    console.log(
      `first event of every method: median ${median(firstEvent).toFixed(0)} ms, ` +
        `max ${max(firstEvent).toFixed(0)} ms (goal ≤ 200)`,
    );
    console.log(
      `first stage of every method: median ${median(firstStage).toFixed(0)} ms, max ${max(firstStage).toFixed(0)} ms`,
    );
    console.log(
      `compare total / slowest single method: median ${median(ratios).toFixed(2)}, ` +
        `max ${max(ratios).toFixed(2)} (goal ≤ 1.20)`,
    );
  } finally {
    server.kill("SIGTERM");
  }
}
