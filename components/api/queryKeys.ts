/**
 * Every TanStack Query key of the UI, in one place. Everything a dataset owns sits under
 * `["datasets", id, …]`, so invalidating `dataset(id)` refreshes all of it (a re-import changes it
 * all); narrower prefixes (`schemaGraphAll`, `curation`, `passagesAll`) serve narrower mutations.
 * Views of the index carry the served generation (`indexKey`): a new generation is a new key.
 */
export const queryKeys = {
  datasets: () => ["datasets"] as const,
  dataset: (id: string) => ["datasets", id] as const,
  /** The dataset's detail (tables and index status); `exact` so it does not match its children. */
  datasetDetail: (id: string) => ["datasets", id, "detail"] as const,
  rowsById: (id: string, table: string, rowIds: readonly number[]) =>
    ["datasets", id, "rows-by-id", table, rowIds.join(",")] as const,
  rowsPage: (id: string, table: string, sort: string, page: number, filters = "") =>
    ["datasets", id, "rows", table, sort, filters, page] as const,
  facet: (id: string, table: string, column: string, filters: string) =>
    ["datasets", id, "facets", table, column, filters] as const,
  cellGraph: (id: string, table: string, focus: string) => ["datasets", id, "cell-graph", table, focus] as const,
  schemaGraphAll: (id: string) => ["datasets", id, "schema-graph"] as const,
  schemaGraph: (id: string, indexKey: string) => ["datasets", id, "schema-graph", indexKey] as const,
  columns: (id: string, indexKey: string) => ["datasets", id, "columns", indexKey] as const,
  joins: (id: string, indexKey: string) => ["datasets", id, "joins", indexKey] as const,
  cellSearch: (id: string, indexKey: string, query: object) => ["datasets", id, "cells", indexKey, query] as const,
  curation: (id: string) => ["datasets", id, "curation"] as const,
  curatedEdges: (id: string) => ["datasets", id, "curation", "edges"] as const,
  curationHistory: (id: string) => ["datasets", id, "curation", "history"] as const,
  glossary: (id: string) => ["datasets", id, "glossary"] as const,
  semanticModelAll: (id: string) => ["datasets", id, "semantic-model"] as const,
  semanticModel: (id: string, indexKey: string) => ["datasets", id, "semantic-model", indexKey] as const,
  passagesAll: (id: string) => ["datasets", id, "passages"] as const,
  passageSearch: (id: string, q: string) => ["datasets", id, "passages", "search", q] as const,
  passagesById: (id: string, ids: readonly string[]) => ["datasets", id, "passages", "ids", ids.join(",")] as const,
  bipartite: (id: string) => ["datasets", id, "passages", "bipartite"] as const,
  /** Per dataset: each method's note depends on what the dataset holds (passages for HELIOS). */
  methods: (id: string) => ["datasets", id, "passages", "methods"] as const,
  runs: (id: string) => ["datasets", id, "runs"] as const,
  run: (runId: string) => ["runs", runId] as const,
  /** The run's 👍 / 👎 and what it taught; under the run, so invalidating the run refreshes it. */
  runFeedback: (runId: string) => ["runs", runId, "feedback"] as const,
  /** The dataset's learned answers (votes, picks, question sets' right answers). */
  learned: (id: string) => ["datasets", id, "learned"] as const,
  reasoners: () => ["reasoners"] as const,
  llmSettings: () => ["settings", "llm"] as const,
  compare: (compareId: string) => ["compares", compareId] as const,
  diff: (a: string, b: string) => ["runs", a, "diff", b] as const,
  importProgress: (uploadId: string) => ["imports", uploadId] as const,
  questionSets: (id: string) => ["datasets", id, "question-sets"] as const,
  questionSet: (setId: string) => ["question-sets", setId] as const,
  batches: (setId: string) => ["question-sets", setId, "batches"] as const,
  batch: (batchId: string) => ["batches", batchId] as const,
  /** Keyed by how many items are done, so a running batch's table refetches as it grows. */
  batchItems: (batchId: string, done: number) => ["batches", batchId, "items", done] as const,
  batchDiff: (a: string, b: string) => ["batches", a, "diff", b] as const,
  batchGold: (batchId: string, questionId: string) => ["batches", batchId, "gold", questionId] as const,
};
