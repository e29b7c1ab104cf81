import "server-only";
import type { BatchQuestion } from "@/db/schema";
import { type MethodSummary, summarizeScores } from "@/lib/core/eval";
import type { BatchItemRow, BatchReport } from "@/lib/core/model/batch-types";
import { type BatchItem, batchItemsOf, batchQuestions, getBatch } from "./store";

export type { BatchItemRow, BatchReport };

export async function batchReport(id: string): Promise<BatchReport | null> {
  const batch = await getBatch(id);
  if (!batch) return null;
  const [items, questions] = await Promise.all([batchItemsOf(id), batchQuestions(id)]);
  const summary: Record<string, MethodSummary> = {};
  for (const method of batch.methods) summary[method] = summarizeScores(items.filter((i) => i.method === method));
  const tagsOf = new Map(questions.map((q) => [q.questionId, q.tags]));
  const tags: BatchReport["tags"] = {};
  for (const tag of [...new Set(questions.flatMap((q) => q.tags))].sort()) {
    tags[tag] = {};
    for (const method of batch.methods) {
      const s = summarizeScores(items.filter((i) => i.method === method && tagsOf.get(i.questionId)?.includes(tag)));
      tags[tag][method] = { n: s.n, accuracy: s.accuracy };
    }
  }
  const active = batch.status === "queued" || batch.status === "running";
  const meanMs = items.length ? items.reduce((n, i) => n + i.ms, 0) / items.length : null;
  const etaMs = active && meanMs !== null ? Math.round(meanMs * (batch.total - batch.done)) : null;
  return { ...batch, etaMs, summary, tags };
}

export type ItemFilter = { wrong?: boolean; method?: string; tag?: string; disagree?: boolean };

function joinQuestions(items: BatchItem[], questions: BatchQuestion[]): BatchItemRow[] {
  const byId = new Map(questions.map((q) => [q.questionId, q]));
  return items.map(({ goldCells: _cells, ...item }) => {
    const q = byId.get(item.questionId);
    return {
      ...item,
      question: q?.question ?? "",
      gold: q?.answer ?? [],
      tags: q?.tags ?? [],
      hasGoldSql: Boolean(q?.goldSql),
    };
  });
}

/** Questions whose methods do not all agree on right / wrong. */
function disagreeing(items: BatchItem[]): Set<string> {
  const seen = new Map<string, Set<boolean | null>>();
  for (const i of items) seen.set(i.questionId, (seen.get(i.questionId) ?? new Set()).add(i.correct));
  return new Set([...seen].filter(([, v]) => v.size > 1).map(([q]) => q));
}

/** The finished items of a batch with their questions, filtered. */
export async function batchItemRows(id: string, filter: ItemFilter = {}): Promise<BatchItemRow[]> {
  const [items, questions] = await Promise.all([batchItemsOf(id), batchQuestions(id)]);
  const split = filter.disagree ? disagreeing(items) : null;
  const rows = joinQuestions(items, questions);
  return rows.filter(
    (r) =>
      (!filter.wrong || r.correct === false) &&
      (!filter.method || r.method === filter.method) &&
      (!filter.tag || r.tags.includes(filter.tag)) &&
      (!split || split.has(r.questionId)),
  );
}

/** Gold cells of one question of a batch (outlined on its run's heatmap). */
export async function goldCellsOf(id: string, questionId: string): Promise<string[]> {
  const items = await batchItemsOf(id);
  return items.find((i) => i.questionId === questionId && i.goldCells)?.goldCells ?? [];
}
