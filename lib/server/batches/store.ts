import "server-only";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { type BatchQuestion, batches, batchItems } from "@/db/schema";
import type { SetScore } from "@/lib/core/eval";
import type { BatchInfo, BatchItem, BatchStatus } from "@/lib/core/model/batch-types";
import { appDb } from "@/lib/server/db/app-db";

export type { BatchInfo, BatchItem, BatchStatus };

const INFO = {
  id: batches.id,
  setId: batches.setId,
  datasetId: batches.datasetId,
  setName: batches.setName,
  methods: batches.methods,
  reasoner: batches.reasoner,
  params: batches.params,
  status: batches.status,
  total: batches.total,
  done: batches.done,
  error: batches.error,
  createdAt: batches.createdAt,
  finishedAt: batches.finishedAt,
};

type NewBatch = Omit<BatchInfo, "status" | "done" | "error" | "createdAt" | "finishedAt"> & {
  questions: BatchQuestion[];
};

export async function createBatch(batch: NewBatch): Promise<void> {
  const db = await appDb();
  await db.insert(batches).values({ ...batch, status: "queued" });
}

export async function getBatch(id: string): Promise<BatchInfo | null> {
  const db = await appDb();
  const [row] = await db.select(INFO).from(batches).where(eq(batches.id, id));
  return row ? { ...row, status: row.status as BatchStatus } : null;
}

export async function batchQuestions(id: string): Promise<BatchQuestion[]> {
  const db = await appDb();
  const [row] = await db.select({ questions: batches.questions }).from(batches).where(eq(batches.id, id));
  return row?.questions ?? [];
}

/** Batches of a question set, newest first. */
export async function listBatches(setId: string): Promise<BatchInfo[]> {
  const db = await appDb();
  const rows = await db
    .select(INFO)
    .from(batches)
    .where(eq(batches.setId, setId))
    .orderBy(desc(batches.createdAt), desc(sql`rowid`));
  return rows.map((row) => ({ ...row, status: row.status as BatchStatus }));
}

/** Batches a restart must pick up again (queued or interrupted while running), oldest first. */
export async function unfinishedBatchIds(): Promise<string[]> {
  const db = await appDb();
  const rows = await db
    .select({ id: batches.id })
    .from(batches)
    .where(inArray(batches.status, ["queued", "running"]))
    .orderBy(asc(batches.createdAt));
  return rows.map((r) => r.id);
}

export async function setBatchStatus(id: string, status: BatchStatus, error: string | null = null): Promise<void> {
  const db = await appDb();
  const finished = status === "done" || status === "cancelled" || status === "failed";
  await db
    .update(batches)
    .set({ status, error, ...(finished ? { finishedAt: new Date().toISOString() } : {}) })
    .where(eq(batches.id, id));
}

/** Cancels a queued or running batch; false when it had already ended (or does not exist). */
export async function cancelBatchRow(id: string): Promise<boolean> {
  const db = await appDb();
  const rows = await db
    .update(batches)
    .set({ status: "cancelled", finishedAt: new Date().toISOString() })
    .where(and(eq(batches.id, id), inArray(batches.status, ["queued", "running"])))
    .returning({ id: batches.id });
  return rows.length > 0;
}

/** Stores a finished item and counts it, in one transaction; a repeat of a stored item changes nothing. */
export async function recordItem(batchId: string, item: BatchItem): Promise<void> {
  const db = await appDb();
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(batchItems)
      .values({
        batchId,
        questionId: item.questionId,
        method: item.method,
        position: item.position,
        runId: item.runId,
        correct: item.correct,
        prediction: item.prediction,
        values: item.values,
        ms: Math.round(item.ms),
        tokensIn: item.tokens.input,
        tokensOut: item.tokens.output,
        schema: item.schema,
        cells: item.cells,
        goldCells: item.goldCells,
        error: item.error,
      })
      .onConflictDoNothing()
      .returning({ q: batchItems.questionId });
    if (inserted.length)
      await tx
        .update(batches)
        .set({ done: sql`${batches.done} + 1` })
        .where(eq(batches.id, batchId));
  });
}

/** Every finished item of a batch in question order, then method. */
export async function batchItemsOf(batchId: string): Promise<BatchItem[]> {
  const db = await appDb();
  const rows = await db
    .select()
    .from(batchItems)
    .where(eq(batchItems.batchId, batchId))
    .orderBy(asc(batchItems.position), asc(batchItems.method));
  return rows.map((r) => ({
    questionId: r.questionId,
    method: r.method,
    position: r.position,
    runId: r.runId,
    correct: r.correct,
    prediction: r.prediction,
    values: r.values,
    ms: r.ms,
    tokens: { input: r.tokensIn, output: r.tokensOut },
    schema: (r.schema as SetScore | null) ?? null,
    cells: (r.cells as SetScore | null) ?? null,
    goldCells: r.goldCells ?? null,
    error: r.error,
  }));
}

/** "questionId\u0000method" keys of the items already finished (what a resumed batch skips). */
export async function finishedKeys(batchId: string): Promise<Set<string>> {
  const db = await appDb();
  const rows = await db
    .select({ q: batchItems.questionId, m: batchItems.method })
    .from(batchItems)
    .where(eq(batchItems.batchId, batchId));
  return new Set(rows.map((r) => itemKey(r.q, r.m)));
}

export const itemKey = (questionId: string, method: string) => `${questionId}\u0000${method}`;
