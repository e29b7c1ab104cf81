import type { BatchItemRow } from "../api";

/** One method's outcome on a question, as the per-question table shows it. */
export type MethodCell = {
  correct: boolean | null;
  prediction: string;
  ms: number;
  runId: string | null;
  error: string | null;
};

/** One question of a batch with every method's outcome side by side. */
export type QuestionRow = {
  questionId: string;
  position: number;
  question: string;
  tags: string[];
  gold: unknown[];
  byMethod: Record<string, MethodCell>;
  /** The methods do not all agree on right / wrong. */
  disagree: boolean;
  anyWrong: boolean;
  /** The slowest method's time. */
  ms: number;
};

/** Pivots per-(question, method) items into one row per question, in question order. */
export function pivotItems(items: readonly BatchItemRow[]): QuestionRow[] {
  const rows = new Map<string, QuestionRow>();
  for (const item of items) {
    let row = rows.get(item.questionId);
    if (!row) {
      row = {
        questionId: item.questionId,
        position: item.position,
        question: item.question,
        tags: item.tags,
        gold: item.gold,
        byMethod: {},
        disagree: false,
        anyWrong: false,
        ms: 0,
      };
      rows.set(item.questionId, row);
    }
    row.byMethod[item.method] = {
      correct: item.correct,
      prediction: item.prediction,
      ms: item.ms,
      runId: item.runId,
      error: item.error,
    };
    row.ms = Math.max(row.ms, item.ms);
  }
  for (const row of rows.values()) {
    const verdicts = new Set(Object.values(row.byMethod).map((c) => c.correct));
    row.disagree = verdicts.size > 1;
    row.anyWrong = verdicts.has(false);
  }
  return [...rows.values()].sort((a, b) => a.position - b.position);
}

export type RowFilter = { wrongOnly: boolean; tag: string | null; disagree: boolean };

export function filterRows(rows: readonly QuestionRow[], filter: RowFilter): QuestionRow[] {
  return rows.filter(
    (r) =>
      (!filter.wrongOnly || r.anyWrong) &&
      (!filter.tag || r.tags.includes(filter.tag)) &&
      (!filter.disagree || r.disagree),
  );
}

/** Sort keys: question order, question text, slowest time, or one method's verdict (wrong first). */
export type SortKey = "position" | "question" | "ms" | `method:${string}`;

export function sortRows(rows: readonly QuestionRow[], key: SortKey, dir: "asc" | "desc"): QuestionRow[] {
  const rank = (c: MethodCell | undefined) => (c?.correct === false ? 0 : c?.correct === null ? 1 : c ? 2 : 3);
  const value = (r: QuestionRow): number | string => {
    if (key === "question") return r.question.toLowerCase();
    if (key === "ms") return r.ms;
    if (key === "position") return r.position;
    return rank(r.byMethod[key.slice("method:".length)]);
  };
  const sign = dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    return (va < vb ? -1 : va > vb ? 1 : a.position - b.position) * sign;
  });
}
