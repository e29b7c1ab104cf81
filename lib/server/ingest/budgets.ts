import "server-only";

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/**
 * Time limits and row budgets of import-time reads of an uploaded SQLite file (they all run in
 * the SQL worker processes, never on the server's event loop). Read at each import, so tests and
 * operators can change them through the environment.
 */
export function importBudgets() {
  return {
    /** Counting a view stops after this long and shows "≥ N rows, counting stopped" (IMPORT_VIEW_COUNT_MS). */
    viewCountMs: num("IMPORT_VIEW_COUNT_MS", 2000),
    /** …or after this many rows (IMPORT_VIEW_COUNT_ROWS). */
    viewCountRows: num("IMPORT_VIEW_COUNT_ROWS", 1_000_000),
    /** Hard limit of any one import-time query: a view whose first row takes longer is skipped (IMPORT_QUERY_MS). */
    queryMs: num("IMPORT_QUERY_MS", 5000),
    /** Hard limit of counting one table, which is bounded by the file's size (IMPORT_TABLE_COUNT_MS). */
    tableCountMs: num("IMPORT_TABLE_COUNT_MS", 60_000),
    /** Values read per text column to infer its type (IMPORT_TYPE_SAMPLE). */
    typeSample: num("IMPORT_TYPE_SAMPLE", 20_000),
  };
}

export type ImportBudgets = ReturnType<typeof importBudgets>;
