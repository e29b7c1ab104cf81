import "server-only";
import type { DbSchema, GoldSql } from "@/lib/core/eval";
import { MAX_SQL_CHECK_MS } from "@/lib/core/model/limits";
import { SqlRefusedError } from "./errors";
import { sqlPool, type SqlLane } from "./guarded-query";
import { precheckSize } from "./lexical";

/**
 * A gold query's (or the SQL box's statement's) columns and row-id branches (analyzeGoldSql),
 * read in an SQL process under MAX_SQL_CHECK_MS: its parser can take minutes on a nested
 * statement, which must hold neither the server's main thread nor a method's question thread.
 * Throws when the statement is too large or nested, cannot be read, or its reading overran.
 */
export async function analyzeSqlOffThread(
  sql: string,
  schema: DbSchema,
  options: { pool?: SqlLane; signal?: AbortSignal; queueMs?: number } = {},
): Promise<GoldSql> {
  precheckSize(sql);
  const reply = await sqlPool(options.pool ?? "answers").run(
    { type: "analyze", sql, schema: [...schema] },
    MAX_SQL_CHECK_MS,
    options.signal,
    options.queueMs ?? 60_000,
  );
  if (!reply.ok) throw new SqlRefusedError("parse_error", reply.message);
  return { columns: new Set(reply.columns), branches: reply.branches };
}
