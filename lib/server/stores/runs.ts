import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { batchItems, runEvents, runs } from "@/db/schema";
import { parseTraceEvent, type Answer, type Reasoner, type TraceEvent } from "@/lib/core/trace";
import { type AppDb, appDb } from "@/lib/server/db/app-db";

export type { RunDetail, RunStatus, RunSummary } from "@/lib/core/api/runs";
import type { RunDetail, RunRequest, RunStatus, RunSummary } from "@/lib/core/api/runs";
import type { Vote } from "@/lib/core/model/learned";

/** A run as it is first stored: its request (less what only the run's execution reads) and its id. */
export type NewRun = Omit<RunRequest, "compareId" | "learned"> & { id: string };

type RunRow = typeof runs.$inferSelect;
type Tx = Parameters<Parameters<AppDb["transaction"]>[0]>[0];

function toSummary(row: RunRow): RunSummary {
  return {
    id: row.id,
    datasetId: row.datasetId,
    question: row.question,
    method: row.method,
    reasoner: row.reasoner as Reasoner,
    params: row.params,
    status: row.status as RunStatus,
    answer: (row.answer as Answer | null) ?? null,
    error: row.error,
    createdAt: row.createdAt,
    ms: row.ms,
    parentRunId: row.parentRunId ?? null,
    constraints: row.constraints ?? null,
    feedback: row.feedback === "up" || row.feedback === "down" ? row.feedback : null,
  };
}

/** Records a new run as "running". Fails when the dataset does not exist (foreign key). */
export async function createRun(run: NewRun): Promise<void> {
  const db = await appDb();
  const { id, datasetId, question, method, reasoner, params, parentRunId, constraints, feedback } = run;
  await db.insert(runs).values({
    id,
    datasetId,
    question,
    method,
    reasoner,
    params,
    parentRunId: parentRunId ?? null,
    constraints: constraints ?? null,
    feedback: feedback ?? null,
    status: "running",
  });
}

// Three bound parameters per row; 300 rows stay far below SQLite's parameter limit.
const EVENT_CHUNK = 300;

/**
 * Appends trace events of one or more runs in as few statements as possible, in one transaction
 * so the whole batch lands at once (one commit for many runs' events). Re-sending an event with a
 * seq already stored is ignored, which makes a retried flush harmless.
 */
export async function appendRunEvents(batches: ReadonlyArray<{ runId: string; events: readonly TraceEvent[] }>) {
  const rows = batches.flatMap(({ runId, events }) => events.map((event) => ({ runId, seq: event.seq, event })));
  if (rows.length === 0) return;
  const db = await appDb();
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += EVENT_CHUNK) {
      await tx
        .insert(runEvents)
        .values(rows.slice(i, i + EVENT_CHUNK))
        .onConflictDoNothing();
    }
  });
}

/** Appends trace events of one run (see appendRunEvents). */
export async function appendEvents(runId: string, events: readonly TraceEvent[]): Promise<void> {
  await appendRunEvents([{ runId, events }]);
}

/** Marks a run finished with its answer (done) or error (failed) and total time. */
export async function finishRun(
  runId: string,
  result: { status: Exclude<RunStatus, "running">; answer?: Answer | null; error?: string | null; ms: number },
): Promise<void> {
  const db = await appDb();
  // Rounded: libSQL binds JS numbers as REAL, which an INTEGER column would keep as 12.5.
  await db
    .update(runs)
    .set({
      status: result.status,
      answer: result.answer ?? null,
      error: result.error ?? null,
      ms: Math.round(result.ms),
    })
    .where(eq(runs.id, runId));
}

export const INTERRUPTED_MESSAGE =
  "The server stopped (a crash or a restart) while this question ran; it did not finish. Ask it again.";

/**
 * Server start, before any run can be in flight: runs still marked running were cut off by a crash
 * or a restart; they become "interrupted" with a message saying so. Returns how many there were.
 */
export async function markInterruptedRuns(): Promise<number> {
  const db = await appDb();
  const marked = await db
    .update(runs)
    .set({ status: "interrupted", error: INTERRUPTED_MESSAGE })
    .where(eq(runs.status, "running"))
    .returning({ id: runs.id });
  return marked.length;
}

/**
 * One run with its events in seq order, or null. Stored events that no longer parse (written by
 * another version of the schema) are skipped rather than failing the whole replay.
 */
export async function getRun(runId: string): Promise<RunDetail | null> {
  const db = await appDb();
  const [row] = await db.select().from(runs).where(eq(runs.id, runId));
  if (!row) return null;
  const stored = await db
    .select({ event: runEvents.event })
    .from(runEvents)
    .where(eq(runEvents.runId, runId))
    .orderBy(asc(runEvents.seq));
  const events = stored.map((r) => parseTraceEvent(r.event)).filter((e): e is TraceEvent => e !== null);
  return { ...toSummary(row), events };
}

/** One run without its events, or null. */
export async function getRunSummary(runId: string): Promise<RunSummary | null> {
  const db = await appDb();
  const [row] = await db.select().from(runs).where(eq(runs.id, runId));
  return row ? toSummary(row) : null;
}

/** The runs of a dataset asked by hand, newest first, without their events (batch runs are not listed). */
export async function listRuns(
  datasetId: string,
  options: { limit?: number; method?: string } = {},
): Promise<RunSummary[]> {
  const db = await appDb();
  // A batch's runs are listed on its batch page, not in the dataset's history of asked questions.
  const batchRuns = sql`SELECT ${batchItems.runId} FROM ${batchItems} WHERE ${batchItems.runId} IS NOT NULL`;
  const notBatch = sql`${runs.id} NOT IN (${batchRuns})`;
  const where = options.method
    ? and(eq(runs.datasetId, datasetId), eq(runs.method, options.method), notBatch)
    : and(eq(runs.datasetId, datasetId), notBatch);
  const rows = await db
    .select()
    .from(runs)
    .where(where)
    // rowid breaks ties between runs created in the same millisecond.
    .orderBy(desc(runs.createdAt), desc(sql`rowid`))
    .limit(options.limit ?? 100);
  return rows.map(toSummary);
}

/** How many runs a dataset has, asked by hand or by batches (benchmarks and tests count repeats with it). */
export async function countRuns(datasetId: string): Promise<number> {
  const db = await appDb();
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(runs).where(eq(runs.datasetId, datasetId));
  return Number(row?.n ?? 0);
}

/** The runs re-run from this one (its lineage's children), oldest first, without events. */
export async function listChildRuns(runId: string): Promise<RunSummary[]> {
  const db = await appDb();
  const rows = await db.select().from(runs).where(eq(runs.parentRunId, runId)).orderBy(asc(runs.createdAt));
  return rows.map(toSummary);
}

/** Deletes a run and its events; returns false when it did not exist. */
export async function deleteRun(runId: string): Promise<boolean> {
  const db = await appDb();
  return db.transaction(async (tx) => {
    await tx.delete(runEvents).where(eq(runEvents.runId, runId));
    const gone = await tx.delete(runs).where(eq(runs.id, runId)).returning({ id: runs.id });
    return gone.length > 0;
  });
}

/** Records the user's vote on a run's answer (null removes it); false when the run does not exist. */
export async function setRunFeedback(runId: string, vote: Vote | null, db?: AppDb | Tx): Promise<boolean> {
  const target = db ?? (await appDb());
  const done = await target.update(runs).set({ feedback: vote }).where(eq(runs.id, runId)).returning({ id: runs.id });
  return done.length > 0;
}
