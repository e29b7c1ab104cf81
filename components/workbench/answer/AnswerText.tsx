import { ReaderNumber } from "@/components/ui/ReaderNumber";
import { isWrittenAsIs } from "@/lib/core/reasoner/render/result-roles";
import type { AnswerResultTable } from "@/lib/core/trace";

/** The text the file wrote for an answer that is one stored cell read unchanged ("9970610.0"), if any. */
export function storedCellText(result: AnswerResultTable | undefined): string | undefined {
  if (result?.rows.length !== 1 || result.rows[0].length !== 1) return undefined;
  return result.written?.find(([r, c]) => r === 0 && c === 0)?.[2];
}

/**
 * A single computed number in the reader's locale, with the exact value on hover ("3204.783333"
 * reads "3,204.7833" in en-US, "3.204,7833" in de-DE); a stored cell read unchanged as the file
 * wrote it (`written`, "9970610.0"); any other answer as written. A value whose column the answer
 * event marks an identifier, code or date (a city id, a year) is no quantity and is shown as
 * written ("1532", not "1,532").
 */
export function AnswerText({
  text,
  values,
  written,
  result,
}: {
  text: string;
  values: readonly unknown[];
  written?: string;
  result?: AnswerResultTable;
}) {
  const only = values.length === 1 ? values[0] : undefined;
  const shown = text.trim();
  if (written !== undefined && typeof only === "number" && Number(shown) === only)
    return <span title={`stored as ${only}`}>{written}</span>;
  const role = result?.columns.length === 1 ? result.roles?.[0] : undefined;
  if (typeof only !== "number" || !/^[-+]?\d+(\.\d+)?$/.test(shown) || isWrittenAsIs(role))
    return <span data-role={role}>{text}</span>;
  // The answer text may round the value; hover shows the value itself.
  const close = Math.abs(Number(shown) - only) <= 1e-6 * Math.max(1, Math.abs(only));
  return close ? <ReaderNumber value={only} /> : <>{text}</>;
}
