/**
 * The offline index of FGTR §4.1 and SGAM §3.2, framework-free: column profiles, descriptions,
 * join discovery (ω), the cell index behind ports, and the schema graph with join paths.
 */
export { createProfiler, profileColumn, DEFAULT_DISTINCT_CAP, type Profiler, type ProfilerOptions } from "./profile";
export { canonicalValue, toIsoDate, type RawValue } from "./profile-values";
export { HyperLogLog } from "./hyperloglog";
export { HeavyHitters } from "./heavy-hitters";
export { MinHasher, minhashSignature, estimateJaccard, MINHASH_PERMUTATIONS } from "./minhash";
export {
  ValueSketcher,
  createValueSketcher,
  valueSketch,
  sketchJaccard,
  sketchOverlap,
  normalizeJoinValue,
  DEFAULT_EXACT_LIMIT,
  type ValueOverlap,
} from "./value-sketch";
export { describeColumn } from "./describe-column";
export { describeTable } from "./describe-table";
export { formatNumber, formatPercent } from "./format";
export { typesCompatible } from "./type-compat";
export { declaredJoins, type DeclaredJoin } from "./declared-joins";
export { discoverJoins, DEFAULT_JOIN_THRESHOLD, type JoinColumn, type JoinDiscoveryOptions } from "./join-discovery";
export { JOIN_FEATURES, joinFeatures, nameStems, type JoinFeatureName, type JoinSide } from "./join-features";
export {
  joinScorerModelSchema,
  joinProbability,
  candidateFeatures,
  scoreJoins,
  type JoinScorerModel,
  type JoinSides,
} from "./join-scorer";
export {
  BruteForceVectorIndex,
  bruteForceIndexFactory,
  type VectorIndex,
  type VectorIndexFactory,
  type VectorKey,
  type VectorMatches,
} from "./vector-index";
export { MemoryCellCatalog, type CellCatalog } from "./cell-catalog";
export {
  buildCellIndex,
  cellEntries,
  type CellIndex,
  type CellColumnInput,
  type CellValueInput,
  type IndexedColumn,
  type BuildCellIndexOptions,
} from "./cell-index";
export { searchCells, DEFAULT_CELL_THRESHOLD, type CellSearchOptions } from "./cell-search";
export { inferPrimaryKey } from "./schema-node";
export { columnKey, parseColumnKey, refKey } from "../model/column-ref";
export { buildSchemaGraph, type SchemaGraphInput } from "./schema-graph";
export { shortestJoinPath, joinTree, defaultEdgeCost, type EdgeCost } from "./join-path";
export { toGraphology } from "./graph-view";
