import "server-only";
import { createLinker, type SchemaLinker } from "@/lib/core/reasoner/schema/linking/linker";
import { linkerWeightsSchema } from "@/lib/core/reasoner/schema/linking/model";
import { loadModel, ModelLoadError } from "./load-model";

let cached: { weights: unknown; linker: SchemaLinker } | null = null;

/**
 * The trained schema linker from models/schema-linker.json (checked against the manifest).
 * Throws ModelLoadError when the file is missing, altered or trained on other features.
 */
export function schemaLinker(): SchemaLinker {
  const weights = loadModel("schema-linker", linkerWeightsSchema);
  if (cached?.weights === weights) return cached.linker;
  try {
    cached = { weights, linker: createLinker(weights) };
  } catch (err) {
    throw new ModelLoadError("schema-linker", (err as Error).message);
  }
  return cached.linker;
}
