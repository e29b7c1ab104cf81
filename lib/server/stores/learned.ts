import "server-only";
import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { nanoid } from "nanoid";
import { learnedExamples, runs } from "@/db/schema";
import { type LearnedAnswer, type LearnedSource, RUN_FEEDBACK_SOURCES } from "@/lib/core/model/learned";
import { type LearnedExample, type ProgramJson, programJsonSchema } from "@/lib/core/model/program";
import { type AppDb, appDb } from "@/lib/server/db/app-db";

type Tx = Parameters<Parameters<AppDb["transaction"]>[0]>[0];
type Db = AppDb | Tx;
type Row = typeof learnedExamples.$inferSelect;

/** How many examples the reasoner reads per question: the most recent ones. */
const LEARNED_FOR_REASONER = 500;

/** The longest question and reading stored (learnedExampleSchema's bounds). */
const MAX_QUESTION = 2000;
const MAX_READING = 1000;

export type NewLearned = {
  datasetId: string;
  question: string;
  reading: string;
  program: ProgramJson;
  verdict: LearnedExample["verdict"];
  source: LearnedSource;
  runId?: string | null;
};

function toAnswer(row: Row): LearnedAnswer {
  const program = programJsonSchema.safeParse(row.program);
  return {
    id: row.id,
    datasetId: row.datasetId,
    question: row.question,
    reading: row.reading,
    program: (program.success ? program.data : row.program) as ProgramJson,
    verdict: row.verdict as LearnedExample["verdict"],
    source: row.source as LearnedSource,
    runId: row.runId,
    createdAt: row.createdAt,
    readable: program.success,
  };
}

/** A question as two askings of it compare: case, spacing and the closing mark ignored. */
function sameAsking(question: string) {
  return question
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[?.!]+$/, "")
    .toLowerCase();
}

/**
 * Stores one example. The same question with the same program keeps only its newest verdict: a
 * second 👍 does not list the answer twice, and a 👎 after a 👍 replaces it.
 */
export async function addLearned(example: NewLearned, db?: Db): Promise<LearnedAnswer> {
  const target = db ?? (await appDb());
  const question = example.question.trim().slice(0, MAX_QUESTION);
  const programText = JSON.stringify(example.program);
  const asked = sameAsking(question);
  const same = await target
    .select({ id: learnedExamples.id, question: learnedExamples.question })
    .from(learnedExamples)
    .where(and(eq(learnedExamples.datasetId, example.datasetId), sql`${learnedExamples.program} = ${programText}`));
  const replaced = same.filter((r) => sameAsking(r.question) === asked).map((r) => r.id);
  if (replaced.length) await target.delete(learnedExamples).where(inArray(learnedExamples.id, replaced));
  const [row] = await target
    .insert(learnedExamples)
    .values({
      id: nanoid(),
      datasetId: example.datasetId,
      question,
      reading: example.reading.slice(0, MAX_READING),
      program: example.program,
      verdict: example.verdict,
      source: example.source,
      runId: example.runId ?? null,
    })
    .returning();
  return toAnswer(row);
}

/** Whether the dataset already holds a confirmed program for this question (asked the same way). */
export async function hasConfirmed(datasetId: string, question: string): Promise<boolean> {
  const db = await appDb();
  const asked = sameAsking(question);
  const rows = await db
    .select({ question: learnedExamples.question })
    .from(learnedExamples)
    .where(
      and(
        eq(learnedExamples.datasetId, datasetId),
        eq(learnedExamples.verdict, "confirmed"),
        sql`lower(trim(${learnedExamples.question})) LIKE ${`${asked}%`}`,
      ),
    );
  return rows.some((r) => sameAsking(r.question) === asked);
}

/** The dataset's examples, newest first (at most `limit`), and how many it holds. */
export async function listLearned(
  datasetId: string,
  limit = 500,
): Promise<{ examples: LearnedAnswer[]; total: number }> {
  const db = await appDb();
  const rows = await db
    .select()
    .from(learnedExamples)
    .where(eq(learnedExamples.datasetId, datasetId))
    .orderBy(desc(learnedExamples.createdAt), desc(sql`rowid`))
    .limit(limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)` })
    .from(learnedExamples)
    .where(eq(learnedExamples.datasetId, datasetId));
  return { examples: rows.map(toAnswer), total: Number(count?.n ?? 0) };
}

/** Every example of a dataset, newest first (the export). */
export async function allLearned(datasetId: string): Promise<LearnedAnswer[]> {
  const db = await appDb();
  const rows = await db
    .select()
    .from(learnedExamples)
    .where(eq(learnedExamples.datasetId, datasetId))
    .orderBy(desc(learnedExamples.createdAt), desc(sql`rowid`));
  return rows.map(toAnswer);
}

/**
 * What the reasoner reads (RetrievalPorts.learned): the most recent examples whose program still
 * reads under the current schema, without the sources in `exclude`.
 */
export async function learnedForReasoner(
  datasetId: string,
  options: { limit?: number; exclude?: readonly LearnedSource[] } = {},
): Promise<LearnedExample[]> {
  const db = await appDb();
  const where = options.exclude?.length
    ? and(eq(learnedExamples.datasetId, datasetId), notInArray(learnedExamples.source, [...options.exclude]))
    : eq(learnedExamples.datasetId, datasetId);
  const rows = await db
    .select()
    .from(learnedExamples)
    .where(where)
    .orderBy(desc(learnedExamples.createdAt), desc(sql`rowid`))
    .limit(options.limit ?? LEARNED_FOR_REASONER);
  return rows
    .map(toAnswer)
    .flatMap((a) =>
      a.readable
        ? [{ id: a.id, question: a.question, reading: a.reading, program: a.program, verdict: a.verdict }]
        : [],
    );
}

/** The examples a run's vote or pick stored (newest first). */
export async function learnedOfRun(
  runId: string,
  sources: readonly LearnedSource[],
  db?: Db,
): Promise<LearnedAnswer[]> {
  const target = db ?? (await appDb());
  const rows = await target
    .select()
    .from(learnedExamples)
    .where(and(eq(learnedExamples.runId, runId), inArray(learnedExamples.source, [...sources])))
    .orderBy(desc(learnedExamples.createdAt), desc(sql`rowid`));
  return rows.map(toAnswer);
}

/** Removes the examples a run's vote or pick stored; returns how many. */
export async function forgetRunLearning(runId: string, sources: readonly LearnedSource[], db?: Db): Promise<number> {
  const target = db ?? (await appDb());
  const gone = await target
    .delete(learnedExamples)
    .where(and(eq(learnedExamples.runId, runId), inArray(learnedExamples.source, [...sources])))
    .returning({ id: learnedExamples.id });
  return gone.length;
}

/**
 * Deletes one example of a dataset; false when the dataset has none with that id. An example a
 * vote or pick stored takes the run's vote with it, so the run no longer shows what was forgotten.
 */
export async function deleteLearned(datasetId: string, id: string): Promise<boolean> {
  const db = await appDb();
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(learnedExamples)
      .where(and(eq(learnedExamples.datasetId, datasetId), eq(learnedExamples.id, id)))
      .returning({ runId: learnedExamples.runId, source: learnedExamples.source });
    const runIds = gone.flatMap((g) => (g.runId && fromFeedback(g.source) ? [g.runId] : []));
    if (runIds.length) await tx.update(runs).set({ feedback: null }).where(inArray(runs.id, runIds));
    return gone.length > 0;
  });
}

/** Deletes every example of a dataset, and the votes of the runs that taught them; returns how many. */
export async function deleteAllLearned(datasetId: string): Promise<number> {
  const db = await appDb();
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(learnedExamples)
      .where(eq(learnedExamples.datasetId, datasetId))
      .returning({ runId: learnedExamples.runId, source: learnedExamples.source });
    const runIds = [...new Set(gone.flatMap((g) => (g.runId && fromFeedback(g.source) ? [g.runId] : [])))];
    for (let i = 0; i < runIds.length; i += 500)
      await tx
        .update(runs)
        .set({ feedback: null })
        .where(inArray(runs.id, runIds.slice(i, i + 500)));
    return gone.length;
  });
}

function fromFeedback(source: string): boolean {
  return (RUN_FEEDBACK_SOURCES as readonly string[]).includes(source);
}
