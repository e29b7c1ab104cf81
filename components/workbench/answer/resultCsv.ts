import type { AnswerResultTable, CellValue } from "@/lib/core/trace";
import { toSafeCsv } from "@/lib/core/util/safe-csv";

/**
 * The result's rows as they are shown: a cell that reads a stored number unchanged is the text the
 * file wrote ("9970610.0" for 9970610, `written`); every other value as the engine returned it.
 */
export function shownRows(result: AnswerResultTable): CellValue[][] {
  if (!result.written?.length) return result.rows;
  const rows = result.rows.map((r) => [...r]);
  for (const [r, c, text] of result.written) if (rows[r] && c < rows[r].length) rows[r][c] = text;
  return rows;
}

/**
 * The result as CSV (RFC 4180, values as shown: a stored number as the file wrote it, quoted only
 * where CSV needs it; null as an empty field), except that text a spreadsheet would run as a formula
 * gets a leading apostrophe (toSafeCsv, the one writer of every CSV the app offers).
 */
export function resultCsv(result: AnswerResultTable): string {
  return toSafeCsv(result.columns, shownRows(result));
}
