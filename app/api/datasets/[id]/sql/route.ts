import { z } from "zod";
import { HttpError, handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import {
  DEFAULT_MAX_ROWS,
  DEFAULT_TIMEOUT_MS,
  guardTargetOf,
  isSqlGuardError,
  MAX_SQL_LENGTH,
  runGuardedSql,
} from "@/lib/server/sql";
import { MAX_SQL_RESULT_BYTES } from "@/lib/core/model/limits";
import { loadDataset } from "@/lib/server/stores/datasets";
import { cellsRead } from "@/lib/server/sqlbox/cells-read";
import { writtenCells } from "@/lib/server/written/results";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

const body = z.object({ sql: z.string().min(1, "Write a SELECT to run").max(MAX_SQL_LENGTH) });

/**
 * Runs a user's SQL (the SQL box) through the same guard as every answer: one read-only SELECT (or a
 * read-only PRAGMA) over the dataset's tables, checked and run in an SQL worker, stopped at
 * DEFAULT_TIMEOUT_MS (measured there), cut at DEFAULT_MAX_ROWS rows and MAX_SQL_RESULT_BYTES of text.
 * It is browsing, like a grid page: it runs on the grid's SQL processes, never in front of other SQL.
 * The answer adds `read`: the cells the statement read per table (lib/server/sqlbox/cells-read.ts),
 * and `written`: the cells that read a stored number unchanged, as the file wrote it ("9970610.0").
 */
export const POST = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const { sql } = body.parse(await readJsonBody(request));
  const dataset = await loadDataset(id);
  const target = guardTargetOf(id, dataset);
  try {
    const result = await runGuardedSql(target, sql, {
      timeoutMs: DEFAULT_TIMEOUT_MS,
      maxRows: DEFAULT_MAX_ROWS,
      signal: request.signal,
      pool: "grid",
    });
    // Which cells it read (its rows × the columns it names), for the grid under the result; null when unknown.
    const read = /^\s*PRAGMA\b/i.test(sql) ? null : await cellsRead(sql, dataset, target, request.signal);
    const written = await writtenCells(dataset.tables, target.files, result, { lane: "grid", signal: request.signal });
    const { origins: _origins, ...shown } = result;
    return Response.json({ ...shown, maxRows: DEFAULT_MAX_ROWS, maxBytes: MAX_SQL_RESULT_BYTES, read, written });
  } catch (err) {
    if (!isSqlGuardError(err)) throw err;
    const status = err.kind === "timeout" ? 504 : 400;
    const code = err.kind === "refused" ? "sql_refused" : err.kind === "timeout" ? "sql_timeout" : "sql_failed";
    throw new HttpError(code, err.message, status);
  }
});
