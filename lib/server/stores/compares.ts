import "server-only";
import { eq, inArray } from "drizzle-orm";
import { compares, runs } from "@/db/schema";
import type { CompareDetail } from "@/lib/core/api/compare";
import type { Answer, Reasoner } from "@/lib/core/trace";
import { appDb } from "@/lib/server/db/app-db";

export type NewCompare = {
  id: string;
  datasetId: string;
  question: string;
  reasoner: Reasoner;
  runs: Array<{ method: string; runId: string }>;
};

/** Records a compare before its runs start, so its URL works while they stream. */
export async function createCompare(compare: NewCompare): Promise<void> {
  const db = await appDb();
  await db.insert(compares).values(compare);
}

/** A compare with each method's run id, status and answer (null while running or when it failed). */
export async function getCompare(id: string): Promise<CompareDetail | null> {
  const db = await appDb();
  const [row] = await db.select().from(compares).where(eq(compares.id, id));
  if (!row) return null;
  const ids = row.runs.map((r) => r.runId);
  const stored = ids.length
    ? await db.select({ id: runs.id, status: runs.status, answer: runs.answer }).from(runs).where(inArray(runs.id, ids))
    : [];
  const byId = new Map(stored.map((r) => [r.id, r]));
  return {
    compareId: row.id,
    datasetId: row.datasetId,
    question: row.question,
    reasoner: row.reasoner as Reasoner,
    createdAt: row.createdAt,
    runs: row.runs.map((r) => ({
      method: r.method,
      runId: r.runId,
      status: (byId.get(r.runId)?.status as CompareDetail["runs"][number]["status"]) ?? "missing",
      answer: (byId.get(r.runId)?.answer as Answer | null) ?? null,
    })),
  };
}
