import "server-only";

/**
 * Limits of one indexing run. Each keeps memory and time bounded on large or odd inputs; when one
 * bites, the stage that applied it says so in its notes.
 */
const CAPS = {
  /**
   * Text cells are read by their first this-many characters: a 100 KB cell says no more about its column than 1,000
   * characters do, and the profiler keeps distinct values in memory.
   */
  profileValueChars: 1000,
  /** Join sketches see values cut to this length: keys are short, long text never joins. */
  joinValueChars: 200,
  /** A cell-index value is stored and embedded by its first this-many characters. */
  cellValueChars: 500,
  /** Distinct values per column in the cell index; past it the most frequent ones are kept. */
  cellValuesPerColumn: 100_000,
  /** Row ids kept per cell value; rowCount stays exact, the rest are found by value in SQL. */
  rowIdsPerValue: 50,
  /**
   * Distinct values collected in memory at once during one table's scan, over all its text columns; past it the largest
   * column is collected by SQL instead.
   */
  scanValueBudget: 600_000,
  /** Rows read per query while scanning a table. */
  scanChunkRows: 5_000,
  /** Values embedded and added to the vector index per batch (the event loop runs in between). */
  embedBatch: 1024,
  /**
   * Time budget of each stage; a dataset that spends it gets a partial index with notes, and the queue moves on
   * (INDEX_STAGE_MS).
   */
  stageMs: 120_000,
  /** Rows of a view profiled and indexed: a view is a query that may never end, so it is sampled (INDEX_VIEW_ROWS). */
  viewRows: 10_000,
  /** Rows of a connected PostgreSQL table profiled and indexed: its data may outgrow this machine. */
  pgSampleRows: 100_000,
  /** Hard limit of one read of the dataset during indexing; past it the read's worker is killed (INDEX_QUERY_MS). */
  queryMs: 30_000,
} as const;

export type IndexCaps = { -readonly [K in keyof typeof CAPS]: number };

const ENV: Partial<Record<keyof IndexCaps, string>> = {
  stageMs: "INDEX_STAGE_MS",
  viewRows: "INDEX_VIEW_ROWS",
  pgSampleRows: "INDEX_PG_SAMPLE_ROWS",
  queryMs: "INDEX_QUERY_MS",
};

/** The caps with any set through the environment; read at each run. */
export function indexCaps(): IndexCaps {
  const caps: IndexCaps = { ...CAPS };
  for (const [key, name] of Object.entries(ENV) as Array<[keyof IndexCaps, string]>) {
    const value = Number(process.env[name]);
    if (Number.isFinite(value) && value > 0) caps[key] = value;
  }
  return caps;
}

/** The sample size of a connected PostgreSQL table's index (INDEX_PG_SAMPLE_ROWS). */
export function pgSampleRows(): number {
  return indexCaps().pgSampleRows;
}
