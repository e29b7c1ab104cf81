import { roundMs, type EventSink } from "../../trace/sink";
import type { RetrievalPorts, SqlResult } from "../ports";
import { engineSqlOf } from "./dialect";

/**
 * Runs one statement through the guarded runner and records it as a `sql` event, successful or
 * not. Returns null on failure (the error is in the event), so a failed lookup degrades a step
 * instead of aborting the run.
 */
export async function runTraced(
  ports: RetrievalPorts,
  sink: EventSink,
  built: string,
  purpose: string,
  maxRows?: number,
): Promise<SqlResult | null> {
  const start = performance.now();
  // The trace shows the statement as the engine runs it; the runner renders the same text itself.
  const sql = engineSqlOf(built, ports.dialect);
  try {
    const result = await ports.runSql(built, { maxRows });
    sink.emit({
      type: "sql",
      sql,
      rowCount: result.rows.length,
      ms: roundMs(result.ms ?? performance.now() - start),
      ok: true,
      purpose,
    });
    return result;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    sink.emit({
      type: "sql",
      sql,
      rowCount: 0,
      ms: roundMs(performance.now() - start),
      ok: false,
      error: message.slice(0, 500),
      purpose,
    });
    return null;
  }
}
