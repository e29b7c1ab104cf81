import "server-only";
import type { Answer } from "@/lib/core/trace";
import type { DatasetContext } from "@/lib/server/methods/dataset-context";
import { runCheckedSql } from "@/lib/server/sql";
import { writtenCells } from "./results";
import { hasWrittenText } from "./store";

/**
 * The answer with its result table's stored numbers shown as the file wrote them (`result.written`):
 * the answer query is prepared once more, without running, for the stored column each result column
 * reads unchanged. Values stay as computed, for the verdict, charts and scoring. An answer on a
 * dataset without written texts (a SQLite or PostgreSQL database) is returned as it is.
 */
export async function withWrittenText(answer: Answer, context: DatasetContext, signal?: AbortSignal): Promise<Answer> {
  const { result, sql } = answer;
  const { tables } = context.dataset;
  if (!result?.rows.length || !sql || context.guard.files.postgres || !tables.some(hasWrittenText)) return answer;
  try {
    const { origins } = await runCheckedSql(context.guard.files, sql, { describeOnly: true, pool: "answers", signal });
    const written = await writtenCells(
      tables,
      context.guard.files,
      { origins, rows: result.rows },
      {
        lane: "answers",
        signal,
      },
    );
    return written.length ? { ...answer, result: { ...result, written } } : answer;
  } catch {
    return answer; // the answer stands; its numbers show as they print
  }
}
