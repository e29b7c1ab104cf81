import "server-only";
import type { BatchDiff, FlippedQuestion } from "@/lib/core/model/batch-types";
import { type BatchItemRow, batchItemRows } from "./results";
import { getBatch } from "./store";

export type { BatchDiff };

type Side = FlippedQuestion["a"];

const side = (r: BatchItemRow): Side => ({ runId: r.runId, correct: r.correct, prediction: r.prediction });

/** Compares two batches question by question (by question id), method by method; null when one is missing. */
export async function diffBatches(aId: string, bId: string): Promise<BatchDiff | null> {
  const [a, b] = await Promise.all([getBatch(aId), getBatch(bId)]);
  if (!a || !b) return null;
  const shared = a.methods.filter((m) => b.methods.includes(m));
  const pairs =
    shared.length > 0
      ? shared.map((m) => ({ a: m, b: m }))
      : a.methods.length === 1 && b.methods.length === 1
        ? [{ a: a.methods[0], b: b.methods[0] }]
        : [];
  const [rowsA, rowsB] = await Promise.all([batchItemRows(aId), batchItemRows(bId)]);
  const fixed: FlippedQuestion[] = [];
  const broken: FlippedQuestion[] = [];
  let compared = 0;
  for (const pair of pairs) {
    const inB = new Map(rowsB.filter((r) => r.method === pair.b).map((r) => [r.questionId, r]));
    for (const ra of rowsA.filter((r) => r.method === pair.a)) {
      const rb = inB.get(ra.questionId);
      if (!rb || ra.correct === null || rb.correct === null) continue;
      compared++;
      if (ra.correct === rb.correct) continue;
      const flipped = {
        questionId: ra.questionId,
        question: ra.question,
        method: pair.a === pair.b ? pair.a : `${pair.a} → ${pair.b}`,
        gold: ra.gold,
        a: side(ra),
        b: side(rb),
      };
      (rb.correct ? fixed : broken).push(flipped);
    }
  }
  return { a: aId, b: bId, pairs, compared, fixed, broken };
}
