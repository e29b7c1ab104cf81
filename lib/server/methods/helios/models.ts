import "server-only";
import { readerModelSchema, type ReaderModel } from "@/lib/core/methods/helios/reader-model";
import { rerankModelSchema, type RerankModel } from "@/lib/core/methods/helios/rerank-model";
import { loadModel, readModelsManifest } from "@/lib/server/models/load-model";

/** The models' names in models/manifest.json (scripts/train/trainers/helios-*.mts). */
const HELIOS_READER = "helios-reader";
const HELIOS_RERANKER = "helios-reranker";

/**
 * The trained HELIOS reader from models/, or undefined when the manifest does not list one (the
 * untrained overlap reader then runs). A listed model that is missing or altered throws.
 */
export function heliosReaderModel(): ReaderModel | undefined {
  if (!readModelsManifest().models[HELIOS_READER]) return undefined;
  return loadModel(HELIOS_READER, readerModelSchema);
}

/** The trained rerankers g_e and g_n, or undefined when the manifest does not list them (the fine scorer ranks). */
export function heliosRerankModel(): RerankModel | undefined {
  if (!readModelsManifest().models[HELIOS_RERANKER]) return undefined;
  return loadModel(HELIOS_RERANKER, rerankModelSchema);
}
