import "server-only";
import { columnKeys, predictedCellKeys, scoreQuestion } from "@/lib/core/eval";
import type { AnyMethodModule, MethodResult } from "@/lib/core/methods/module";
import type { Answer } from "@/lib/core/trace";
import { answerQueryCells, goldOf, poolRows, type QuestionGold } from "@/lib/server/runs/batch-gold";
import type { DatasetContext } from "@/lib/server/methods/dataset-context";
import type { BatchScore, BatchScoring } from "./method.task";

/**
 * Scores a batch question where it ran (in its worker thread): exact match of the answer and,
 * with a gold query, schema and cell retrieval against the gold query's columns and cells, as
 * `npm run eval` scores them. `result` is null when the run failed: a method whose view holds
 * cells then retrieved none.
 */
export async function scoreBatchQuestion(
  module: AnyMethodModule,
  result: MethodResult | null,
  answer: Answer | null,
  scoring: BatchScoring,
  context: DatasetContext,
  signal: AbortSignal,
): Promise<BatchScore> {
  const { dataset } = context;
  const gold: QuestionGold | null = scoring.goldSql
    ? await goldOf(dataset, context.guard, scoring.goldSql, signal)
    : null;
  const tableName = (display: string) => dataset.tables.find((t) => t.name === display)?.sqlName ?? display;
  const view = result && module.retrievalView ? module.retrievalView(result) : null;
  const hasView = module.retrievalView !== undefined;
  // Sub-tables give their cells; a method that builds none but answers with SQL (SGAM) is scored on
  // the cells its answer query reads; a failed run retrieved none.
  const answerSql = answer?.sql ?? null;
  const predictedCells = !gold?.cells?.size
    ? null
    : view?.subTables
      ? await predictedCellKeys(view.subTables, tableName, poolRows(context.guard, signal)).catch(() => null)
      : module.retrievesCells
        ? new Set<string>()
        : hasView && answerSql
          ? await answerQueryCells(answerSql, dataset, context.guard, signal)
          : hasView
            ? new Set<string>()
            : null;
  const values = (answer?.values ?? []).map((v) => String(v ?? ""));
  // Methods that answer with SQL (FGTR, SGAM) return the rows it gave; the gold may be one column of them.
  const rows = (result as { result?: { rows?: unknown[][] } | null } | null)?.result?.rows ?? null;
  const score = scoreQuestion({
    goldAnswer: scoring.goldAnswer,
    values,
    rows,
    goldColumns: hasView ? (gold?.columns ?? null) : null,
    predictedColumns: view ? columnKeys(view.columns, tableName) : [],
    goldCells: gold?.cells ?? null,
    predictedCells,
  });
  return {
    correct: score.correct,
    schema: score.schema ?? null,
    cells: score.cells ?? null,
    goldCells: gold?.cells ? [...gold.cells].slice(0, scoring.maxGoldCells) : null,
    goldError: gold?.error ?? null,
    view,
  };
}
