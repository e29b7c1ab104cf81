import type { AnswerResultTable } from "@/lib/core/trace";
import { toSafeCsv } from "@/lib/core/util/safe-csv";

/**
 * The result as CSV (RFC 4180, values as the engine returned them, quoted only where CSV needs it;
 * null as an empty field), except that text a spreadsheet would run as a formula gets a leading
 * apostrophe (toSafeCsv, the one writer of every CSV the app offers).
 */
export function resultCsv(result: AnswerResultTable): string {
  return toSafeCsv(result.columns, result.rows);
}
