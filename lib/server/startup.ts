import "server-only";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import path from "node:path";
import { config, tmpDir } from "@/lib/server/config";
import { appDb } from "@/lib/server/db/app-db";
import { importDataset } from "@/lib/server/ingest/import-dataset";
import { generateSample } from "@/lib/core/sample/generate";
import { generateSamplePassages, samplePassagesJsonl } from "@/lib/core/sample/passages";
import { addPassages } from "@/lib/server/passages/add-passages";
import { buildSampleFiles } from "@/lib/server/sample/build-sample";
import { recoverIndexing } from "@/lib/server/index/recovery";
import { cleanUpInterruptedWork } from "@/lib/server/lifecycle/dataset-files";
import { markInterruptedRuns } from "@/lib/server/stores/runs";
import { getSetting, setSetting } from "@/lib/server/stores/settings";
import { verifyModels } from "@/lib/server/models/load-model";
import { joinScorer } from "@/lib/server/index/join-scoring";
import { warmUpQuestionWorkers } from "@/lib/server/runs/warm-up.task";
import { resumeBatches } from "@/lib/server/batches/runner";
import { seedSampleQuestions } from "@/lib/server/sample/sample-questions";
import { ensureSecret } from "@/lib/server/secret-file";

const SAMPLE_KEY = "sample_seeded";
export const SAMPLE_NAME = "Riverbend schools (sample)";

/** Imports the sample dataset once per installation (deleting it later does not bring it back). */
export async function seedSampleIfNeeded(): Promise<void> {
  if (!config.seedSample || (await getSetting(SAMPLE_KEY))) return;
  await mkdir(tmpDir(), { recursive: true });
  const dir = await mkdtemp(path.join(tmpDir(), "sample-"));
  try {
    const files = await buildSampleFiles(dir);
    const uploads = await Promise.all(
      files.map(async (f) => ({ originalName: f.name, path: f.path, size: (await stat(f.path)).size })),
    );
    const sample = await importDataset(uploads, { name: SAMPLE_NAME });
    // Passages about the districts, so HELIOS has table–text questions to answer out of the box.
    const jsonl = samplePassagesJsonl(generateSamplePassages(generateSample()));
    await addPassages(sample.id, [{ name: "riverbend-districts.jsonl", bytes: new TextEncoder().encode(jsonl) }]).catch(
      (err) => console.error("[tablesight] could not add the sample's passages:", err),
    );
    await seedSampleQuestions(sample.id).catch((err) =>
      console.error("[tablesight] could not add the sample's question set:", err),
    );
    await setSetting(SAMPLE_KEY, new Date().toISOString());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Server start: keep a secret (TABLESIGHT_SECRET, or one generated in the data folder), check the
 * trained models, migrate, clear interrupted work (question runs cut off become "interrupted"),
 * re-queue unfinished indexing, resume unfinished batches, seed the sample.
 */
export async function startServer(): Promise<void> {
  // Before any thread starts (they share this environment): stored passwords and keys need it.
  if (ensureSecret() === "generated")
    console.log(`[tablesight] generated a secret for stored passwords and keys in ${config.dataDir}/secret`);
  // A missing or altered weights file stops the start with a clear message, not a wrong answer later.
  const models = verifyModels();
  // The join scorer serves the schema graph from this thread; the question models are parsed (and
  // checked) in each method's question thread now, which then answers its first question warm.
  joinScorer();
  await warmUpQuestionWorkers();
  console.log(`[tablesight] trained models: ${models.join(", ") || "none"}`);
  await appDb();
  const removed = await cleanUpInterruptedWork();
  if (removed.length)
    console.log(
      `[tablesight] removed ${removed.length} unfinished dataset director${removed.length === 1 ? "y" : "ies"}`,
    );
  // Questions in flight when the server stopped never finished: they say so instead of "running".
  const interrupted = await markInterruptedRuns();
  if (interrupted)
    console.log(`[tablesight] ${interrupted} question run${interrupted === 1 ? " was" : "s were"} cut off by the stop`);
  const requeued = await recoverIndexing();
  if (requeued.length)
    console.log(
      `[tablesight] indexing ${requeued.length} dataset${requeued.length === 1 ? "" : "s"} whose index is not complete`,
    );
  const resumed = await resumeBatches();
  if (resumed.length)
    console.log(`[tablesight] resuming ${resumed.length} unfinished batch${resumed.length === 1 ? "" : "es"}`);
  // A sample that fails to build must not keep the app from serving the user's own datasets.
  await seedSampleIfNeeded().catch((err) => console.error("[tablesight] could not import the sample dataset:", err));
}
