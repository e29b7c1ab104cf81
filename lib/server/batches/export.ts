import "server-only";
import { toSafeCsv } from "@/lib/core/util/safe-csv";
import { batchItemRows, batchReport } from "./results";

const CSV_COLUMNS = [
  "questionId",
  "question",
  "tags",
  "method",
  "correct",
  "prediction",
  "gold",
  "ms",
  "tokensIn",
  "tokensOut",
  "schemaRecall",
  "schemaPrecision",
  "cellRecall",
  "runId",
  "error",
] as const;

/** The batch's results as one CSV row per question × method (cells a spreadsheet would run are prefixed: toSafeCsv). */
export async function batchCsv(id: string): Promise<string | null> {
  const report = await batchReport(id);
  if (!report) return null;
  const rows = (await batchItemRows(id)).map((r) => [
    r.questionId,
    r.question,
    r.tags.join(";"),
    r.method,
    r.correct === null ? "" : r.correct ? "1" : "0",
    r.prediction,
    JSON.stringify(r.gold),
    String(Math.round(r.ms)),
    String(r.tokens.input),
    String(r.tokens.output),
    r.schema ? r.schema.recall.toFixed(4) : "",
    r.schema ? r.schema.precision.toFixed(4) : "",
    r.cells ? r.cells.recall.toFixed(4) : "",
    r.runId ?? "",
    r.error ?? "",
  ]);
  return toSafeCsv(CSV_COLUMNS, rows);
}

/** The batch's summary and every item, as one JSON document. */
export async function batchJson(id: string): Promise<object | null> {
  const report = await batchReport(id);
  if (!report) return null;
  return { format: "tablesight.batch", version: 1, batch: report, items: await batchItemRows(id) };
}
