import { z } from "zod";

/**
 * Where a trained model's examples came from. `ids` name every database, table or question used,
 * as `<kind>:<name>` (kinds below), so a test can prove no report-split item was trained on.
 */
const trainingSourceSchema = z.object({
  /** e.g. "spider_train", "spider tune split", "wtq training.tsv", "hybridqa_train". */
  dataset: z.string(),
  split: z.enum(["train", "tune"]),
  /** `spider-db:<db>`, `bird-db:<db>`, `wtq-table:<csv path>`, `wtq-question:<id>`, `aitqa-table:<id>`,
   * `hitab-table:<id>`, `wiki-table:<table id>` (HybridQA / OTT-QA), `ottqa-question:<id>`,
   * `generated-table:<id>` (tables a trainer generates itself). */
  ids: z.array(z.string()),
  examples: z.number().int().nonnegative(),
});
export type TrainingSource = z.infer<typeof trainingSourceSchema>;

/** One trained model: its weights file, how it was made and how well it did on its tune data. */
const modelEntrySchema = z.object({
  /** File in models/, relative. */
  file: z.string(),
  /** sha256 of the file's bytes: a changed or truncated file is refused at start. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number().int().positive(),
  description: z.string(),
  seed: z.number().int(),
  features: z.array(z.string()),
  sources: z.array(trainingSourceSchema),
  /** Metrics measured by the trainer (on held-out tune or train data), names are the trainer's. */
  metrics: z.record(z.string(), z.number()),
  trainSeconds: z.number().nonnegative(),
});
export type ModelEntry = z.infer<typeof modelEntrySchema>;

export const modelsManifestSchema = z.object({
  format: z.literal("tablesight.models"),
  version: z.literal(1),
  models: z.record(z.string(), modelEntrySchema),
});
export type ModelsManifest = z.infer<typeof modelsManifestSchema>;
