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
