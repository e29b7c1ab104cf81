import Papa from "papaparse";
import type { AnswerResultTable } from "@/lib/core/trace";

/**
 * The result as CSV (RFC 4180, values as the engine returned them: text exactly as written, quoted
 * only where a comma, quote, line break or edge space needs it; null as an empty field).
 */
export function resultCsv(result: AnswerResultTable): string {
  return Papa.unparse(
    { fields: result.columns, data: result.rows.map((r) => r.map((v) => (v === null ? "" : v))) },
    { escapeFormulae: false },
  );
}
