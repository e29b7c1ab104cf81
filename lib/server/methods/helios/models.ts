import "server-only";
import { readerModelSchema, type ReaderModel } from "@/lib/core/methods/helios/reader-model";
import { loadModel, readModelsManifest } from "@/lib/server/models/load-model";

/** The model's name in models/manifest.json (scripts/train/trainers/helios-reader.mts). */
export const HELIOS_READER = "helios-reader";

/**
 * The trained HELIOS reader from models/, or undefined when the manifest does not list one (the
 * untrained overlap reader then runs). A listed model that is missing or altered throws.
 */
export function heliosReaderModel(): ReaderModel | undefined {
  if (!readModelsManifest().models[HELIOS_READER]) return undefined;
  return loadModel(HELIOS_READER, readerModelSchema);
}
