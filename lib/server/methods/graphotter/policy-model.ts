import "server-only";
import { type GraphotterModel, graphotterModelSchema } from "@/lib/core/methods/graphotter/policy-model";
import { loadModel, readModelsManifest } from "@/lib/server/models/load-model";

/** The model's name in models/manifest.json (scripts/train/trainers/graphotter-policy.mts). */
const GRAPHOTTER_POLICY = "graphotter-policy";

/**
 * GraphOTTER's trained local policy from models/, or undefined when the manifest does not list one
 * (the untrained policy then runs). A listed model that is missing or altered throws.
 */
export function graphotterPolicyModel(): GraphotterModel | undefined {
  if (!readModelsManifest().models[GRAPHOTTER_POLICY]) return undefined;
  return loadModel(GRAPHOTTER_POLICY, graphotterModelSchema);
}
