/**
 * The semantic model's inference (framework-free): entities, kinds, labels, keys and bridges,
 * measures with units, dates with their grain, flags, views with their base tables, column roles;
 * and a user's edits applied over it.
 */
export { inferSemanticModel, SEMANTIC_INFERENCE_REVISION } from "./infer";
export { applySemanticEdits } from "./edits";
export type { SemanticInput, SemanticInputTable } from "./input";
