import "server-only";
import { asc, desc, eq } from "drizzle-orm";
import { nanoid } from "nanoid";
import { questionSetItems, questionSets } from "@/db/schema";
import type { QuestionItem } from "@/lib/core/eval/question-set";
import type { QuestionSetSummary } from "@/lib/core/model/batch-types";
import { type AppDb, appDb } from "@/lib/server/db/app-db";

type Tx = Parameters<Parameters<AppDb["transaction"]>[0]>[0];

export type { QuestionSetSummary };

const ITEM_CHUNK = 100;

async function writeItems(tx: Tx, setId: string, items: QuestionItem[]) {
  const rows = items.map((item, position) => ({
    setId,
    position,
    questionId: item.id,
    question: item.question,
    answer: item.answer,
    goldSql: item.goldSql,
    tags: item.tags,
  }));
  for (let i = 0; i < rows.length; i += ITEM_CHUNK)
    await tx.insert(questionSetItems).values(rows.slice(i, i + ITEM_CHUNK));
}

/** Stores a new question set of a dataset with its questions, in file order. */
export async function createQuestionSet(
  datasetId: string,
  name: string,
  items: QuestionItem[],
): Promise<QuestionSetSummary> {
  const db = await appDb();
  const id = nanoid(12);
  await db.transaction(async (tx) => {
    await tx.insert(questionSets).values({ id, datasetId, name, count: items.length });
    await writeItems(tx, id, items);
  });
  return (await getQuestionSet(id))!;
}

/** Replaces a set's questions with a re-uploaded file's (batches keep the questions they ran). */
export async function replaceQuestions(setId: string, items: QuestionItem[]): Promise<QuestionSetSummary | null> {
  const db = await appDb();
  const now = new Date().toISOString();
  const found = await db.transaction(async (tx) => {
    const updated = await tx
      .update(questionSets)
      .set({ count: items.length, updatedAt: now })
      .where(eq(questionSets.id, setId))
      .returning({ id: questionSets.id });
    if (!updated.length) return false;
    await tx.delete(questionSetItems).where(eq(questionSetItems.setId, setId));
    await writeItems(tx, setId, items);
    return true;
  });
  return found ? getQuestionSet(setId) : null;
}

export async function renameQuestionSet(setId: string, name: string): Promise<QuestionSetSummary | null> {
  const db = await appDb();
  await db.update(questionSets).set({ name }).where(eq(questionSets.id, setId));
  return getQuestionSet(setId);
}

/** Deletes a set, its questions and its batches; false when it did not exist. */
export async function deleteQuestionSet(setId: string): Promise<boolean> {
  const db = await appDb();
  const gone = await db.delete(questionSets).where(eq(questionSets.id, setId)).returning({ id: questionSets.id });
  return gone.length > 0;
}

export async function getQuestionSet(setId: string): Promise<QuestionSetSummary | null> {
  const db = await appDb();
  const [row] = await db.select().from(questionSets).where(eq(questionSets.id, setId));
  return row
    ? { id: row.id, datasetId: row.datasetId, name: row.name, count: row.count, updatedAt: row.updatedAt }
    : null;
}

export async function listQuestionSets(datasetId: string): Promise<QuestionSetSummary[]> {
  const db = await appDb();
  const rows = await db
    .select()
    .from(questionSets)
    .where(eq(questionSets.datasetId, datasetId))
    .orderBy(desc(questionSets.createdAt));
  return rows.map((row) => ({
    id: row.id,
    datasetId: row.datasetId,
    name: row.name,
    count: row.count,
    updatedAt: row.updatedAt,
  }));
}

/** The questions of a set in file order. */
export async function questionsOf(setId: string): Promise<QuestionItem[]> {
  const db = await appDb();
  const rows = await db
    .select()
    .from(questionSetItems)
    .where(eq(questionSetItems.setId, setId))
    .orderBy(asc(questionSetItems.position));
  return rows.map((r) => ({
    id: r.questionId,
    question: r.question,
    answer: r.answer,
    goldSql: r.goldSql,
    tags: r.tags,
  }));
}
