import "server-only";
import { applySemanticEdits, SEMANTIC_INFERENCE_REVISION } from "@/lib/core/index/semantic";
import type { SemanticEdit, SemanticModel } from "@/lib/core/model/semantic-model";
import type { LoadedDataset } from "@/lib/server/methods/run-options";
import type { IndexTables } from "@/lib/server/index/dataset-graph";
import { readJoins } from "@/lib/server/index/index-store";
import { datasetFiles } from "@/lib/server/sql";
import { inferDatasetModel } from "./infer-dataset";
import { listSemanticEdits, readSemanticModel, writeSemanticModel } from "./store";
import { readViewSql } from "./view-sql";

/** How long reading the views' SQL may take when a question's thread infers the model itself. */
const VIEW_SQL_MS = 5000;

/**
 * The model a dataset's current generation inferred: the stored one, or — for a generation indexed
 * before the model existed or by older inference rules, or before the first index completes —
 * inferred now, in the calling thread (a question's worker, never the main thread), from the same
 * parts (without the sampled values only the index run has), and stored for the generation.
 */
export async function inferredModelOf(dataset: LoadedDataset, index: IndexTables): Promise<SemanticModel> {
  const { generation } = index;
  const stored = generation === null ? null : await readSemanticModel(dataset.id, generation);
  if (stored?.inference === SEMANTIC_INFERENCE_REVISION) return stored;
  const source = {
    files: datasetFiles(dataset.id, dataset.storage),
    signal: new AbortController().signal,
    queryMs: VIEW_SQL_MS,
  };
  const [joins, viewSql] = await Promise.all([
    generation === null ? [] : readJoins(dataset.id, generation),
    readViewSql(source, dataset.tables).catch(() => new Map<string, string>()),
  ]);
  const model = await inferDatasetModel({
    datasetId: dataset.id,
    tables: dataset.tables,
    profiles: index.profiles,
    joins,
    viewSql,
  });
  // A generation indexed by older rules keeps the model inferred now (best effort: the run goes on without).
  if (generation !== null) await writeSemanticModel(dataset.id, generation, model).catch(() => undefined);
  return model;
}

export type EffectiveModel = { model: SemanticModel; edits: SemanticEdit[]; ignored: SemanticEdit[] };

/** The inferred model with the user's edits applied (read for every run, so an edit counts from the next question). */
export async function withUserEdits(datasetId: string, inferred: SemanticModel): Promise<EffectiveModel> {
  const edits = await listSemanticEdits(datasetId);
  const { model, ignored } = applySemanticEdits(inferred, edits);
  return { model, edits, ignored };
}
