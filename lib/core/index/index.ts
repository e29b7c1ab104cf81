/**
 * The offline index of FGTR §4.1 and SGAM §3.2, framework-free: column profiles, descriptions,
 * join discovery (ω), the cell index behind ports, and the schema graph with join paths.
 */
export { createProfiler, DEFAULT_DISTINCT_CAP, type Profiler } from "./profile";
export {
  ValueSketcher,
  createValueSketcher,
  DEFAULT_EXACT_LIMIT,
} from "./value-sketch";
export { describeColumn } from "./describe-column";
export { describeTable } from "./describe-table";
export { declaredJoins, type DeclaredJoin } from "./declared-joins";
export { discoverJoins, type JoinColumn, type JoinDiscoveryOptions } from "./join-discovery";
export type { JoinSide } from "./join-features";
export {
  joinScorerModelSchema,
  scoreJoins,
  type JoinScorerModel,
} from "./join-scorer";
export {
  BruteForceVectorIndex,
  type VectorIndex,
  type VectorIndexFactory,
  type VectorKey,
  type VectorMatches,
} from "./vector-index";
export type { CellCatalog } from "./cell-catalog";
export {
  buildCellIndex,
  cellEntries,
  type CellIndex,
  type CellValueInput,
  type IndexedColumn,
} from "./cell-index";
export { searchCells } from "./cell-search";
export { inferPrimaryKey } from "./schema-node";
export { columnKey } from "../model/column-ref";
export { buildSchemaGraph } from "./schema-graph";
