export { runSgam, type SgamResult } from "./run-sgam";
export { sgamParamsSchema, parseSgamParams, type SgamParams, type SgamParamsInput } from "./params";
export { decomposeLocally, decompositionStep } from "./decomposition";
export { attributeRetrievalStep, retrieveAttributesLocally, squaredMinMax } from "./attribute-retrieval";
export { searchPaths, joinFromPaths, dependencyGraph } from "./path-search";
export { prunePath, mergePaths } from "./prune-merge";
export { sqlStep } from "./sql";
