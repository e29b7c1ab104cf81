/**
 * SQL dialects a dataset's engine speaks. Everything that builds SQL for the guard to check (the
 * reasoner's plans, the methods' lookups, a model's SQL, the user's SQL box) writes SQLite, the
 * embedded engine's dialect, with its decisions of type already made (the plan renderer trims
 * only text, reads text numbers through casts); `transpileSql` writes a statement in the engine's
 * own dialect from its parsed tree (WrenAI's `transpile(sql, read, write)`), before it runs and
 * before the trace shows it, so every method answers on every engine without a fork of its SQL.
 */
import { parseSqlite, sqlifyPostgres, TranspileError } from "./transpile/ast";
import { toPostgres } from "./transpile/postgres";

export type SqlDialect = "sqlite" | "postgres";
export { TranspileError };

const cache = new Map<string, string>();
const CACHE_SIZE = 500;

/**
 * The statement written in `to`'s dialect (the same text when `from` is `to`). Throws a
 * TranspileError when the statement cannot be parsed or uses SQLite that has no equivalent.
 */
export function transpileSql(sql: string, from: SqlDialect, to: SqlDialect): string {
  if (from === to) return sql;
  if (from !== "sqlite") throw new TranspileError("unsupported", `SQL is written in SQLite's dialect, not ${from}'s`);
  const known = cache.get(sql);
  if (known !== undefined) return known;
  const out = sqlifyPostgres(toPostgres(parseSqlite(sql)));
  // The trace and the runner transpile the same statement: the second one is read from here.
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(sql, out);
  return out;
}

/** The statement as the engine runs it, for showing: the SQLite text itself when it cannot be written. */
export function engineSqlOf(sql: string, dialect: SqlDialect = "sqlite"): string {
  try {
    return transpileSql(sql, "sqlite", dialect);
  } catch {
    return sql;
  }
}
