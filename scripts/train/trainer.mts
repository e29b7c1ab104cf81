// The contract every trainer in scripts/train/trainers/ fulfils. `npm run train` runs them in
// dependency order, writes each one's weights to models/<file> and records it in models/manifest.json.
import type { ModelEntry } from "../../lib/core/model/models-manifest.ts";

export type TrainContext = {
  /** Fixed seed: the same data gives the same weights. */
  seed: number;
  /** ../shared/datasets */
  datasets: string;
  /** models/ (weights of trainers listed in `after` are already written there). */
  modelsDir: string;
  log(message: string): void;
};

export type TrainOutput = Pick<ModelEntry, "description" | "features" | "sources" | "metrics"> & {
  /** Serialised with JSON.stringify; keep key order deterministic. */
  weights: unknown;
};

export type Trainer = {
  /** Model name: the key in manifest.json and the weights file's stem (models/<name>.json). */
  name: string;
  /** Trainers whose models this one needs, run first when they exist (e.g. a calibrator after its ranker). */
  after?: string[];
  train(context: TrainContext): Promise<TrainOutput>;
};

/**
 * Runs a trainer that asks questions through the app's SQL workers. The workers are unref'd while idle,
 * so the loop is kept alive while awaiting them, and the pool (and the app database) closed after.
 */
export async function withSqlWorkers<T>(run: () => Promise<T>, options: { closeAppDb?: boolean } = {}): Promise<T> {
  const keepAlive = setInterval(() => undefined, 60_000);
  try {
    return await run();
  } finally {
    clearInterval(keepAlive);
    const { closeSqlPool } = await import("../../lib/server/sql/index.ts");
    closeSqlPool();
    if (options.closeAppDb) {
      const { closeAppDb } = await import("../../lib/server/db/app-db.ts");
      await closeAppDb();
    }
  }
}
