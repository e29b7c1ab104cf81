import "server-only";
import type { BatchQuestion } from "@/db/schema";
import {
  analyzeGoldSql,
  columnKeys,
  goldCellKeys,
  predictedCellKeys,
  scoreQuestion,
  type SubTableRef,
} from "@/lib/core/eval";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import type { Reasoner } from "@/lib/core/trace";
import type { AskMethod } from "@/lib/server/ask/ask-request";
import { METHODS } from "@/lib/server/ask/methods";
import { executeRun } from "@/lib/server/runs/execute-run";
import { datasetSchema, type QuestionGold, poolRows } from "./gold";
import type { BatchItem } from "./store";

/** Gold cells kept per item for the heatmap outline (a gold query over a whole table can name thousands). */
const MAX_STORED_GOLD_CELLS = 2000;

type RetrievalView = { columns: Array<{ table: string; column: string }>; subTables: SubTableRef[] | null };

/** The columns (and sub-tables) a method's result retrieved, as `npm run eval` scores them. */
function retrievalView(method: AskMethod, result: unknown): RetrievalView | null {
  if (method === "fgtr") {
    const r = result as { filled: RetrievalView["columns"]; subTables: SubTableRef[] };
    return { columns: r.filled, subTables: r.subTables };
  }
  if (method === "sgam") return { columns: (result as { columns: RetrievalView["columns"] }).columns, subTables: null };
  return null;
}

/**
 * The cells an answer query reads (its rows × the columns it names), scored like the gold query's:
 * a method without sub-tables (SGAM) gets a cell recall too. Null when the query cannot be read.
 */
async function queryCells(sql: string, dataset: DatasetDetail, signal: AbortSignal): Promise<Set<string> | null> {
  try {
    const plain = sql.replace(/"(?:src\d+|main)"\s*\.\s*/g, "");
    return await goldCellKeys(analyzeGoldSql(plain, datasetSchema(dataset)), poolRows(dataset.id, signal));
  } catch {
    return null;
  }
}

export type BatchQuestionInput = {
  dataset: DatasetDetail;
  question: BatchQuestion;
  position: number;
  method: AskMethod;
  reasoner: Reasoner;
  params: Record<string, unknown>;
  gold: QuestionGold | null;
  signal: AbortSignal;
};

/** Runs one question with one method as a recorded run (its trace kept) and scores it. */
export async function runBatchQuestion(input: BatchQuestionInput): Promise<BatchItem> {
  const { dataset, question, method, gold } = input;
  const contract = METHODS[method];
  const params = contract.paramsSchema.parse(input.params) as Record<string, unknown>;
  const spec = { datasetId: dataset.id, question: question.question, method, reasoner: input.reasoner, params };
  let result: unknown = null;
  const start = performance.now();
  const outcome = await executeRun(
    spec,
    async (sink, { signal }) => {
      result = await contract.run(dataset.id, question.question, input.reasoner, params as never, sink, { signal });
      return (result as { answer: import("@/lib/core/trace").Answer }).answer;
    },
    { signal: input.signal, background: true },
  );
  const ms = performance.now() - start;
  const tableName = (display: string) => dataset.tables.find((t) => t.name === display)?.sqlName ?? display;
  const view = outcome.ok ? retrievalView(method, result) : null;
  const hasView = method === "fgtr" || method === "sgam";
  const answerSql = outcome.answer?.sql ?? null;
  const predictedCells = !gold?.cells?.size
    ? null
    : view?.subTables
      ? await predictedCellKeys(view.subTables, tableName, poolRows(dataset.id, input.signal)).catch(() => null)
      : method === "fgtr"
        ? new Set<string>()
        : hasView && answerSql
          ? await queryCells(answerSql, dataset, input.signal)
          : hasView
            ? new Set<string>()
            : null;
  const values = (outcome.answer?.values ?? []).map((v) => String(v ?? ""));
  // FGTR and SGAM return the rows of the SQL they ran; the gold may be one column of them.
  const rows = outcome.ok
    ? ((result as { result?: { rows?: unknown[][] } | null } | null)?.result?.rows ?? null)
    : null;
  const score = scoreQuestion({
    goldAnswer: question.answer,
    values,
    rows,
    goldColumns: hasView ? (gold?.columns ?? null) : null,
    predictedColumns: view ? columnKeys(view.columns, tableName) : [],
    goldCells: gold?.cells ?? null,
    predictedCells,
  });
  const tokens = (result as { tokens?: BatchItem["tokens"] } | null)?.tokens ?? { input: 0, output: 0 };
  return {
    questionId: question.questionId,
    method,
    position: input.position,
    runId: outcome.saved ? outcome.runId : null,
    correct: score.correct,
    prediction: outcome.answer?.text ?? "",
    values,
    ms,
    tokens,
    schema: score.schema ?? null,
    cells: score.cells ?? null,
    goldCells: gold?.cells ? [...gold.cells].slice(0, MAX_STORED_GOLD_CELLS) : null,
    error: outcome.error?.message ?? gold?.error ?? null,
  };
}
