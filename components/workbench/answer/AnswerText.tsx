import { ReaderNumber } from "@/components/ui/ReaderNumber";
import { isWrittenAsIs } from "@/lib/core/reasoner/render/result-roles";
import type { Answer } from "@/lib/core/trace/kinds-run";

/**
 * A single computed number in the reader's locale, with the exact value on hover ("3204.783333"
 * reads "3,204.7833" in en-US, "3.204,7833" in de-DE); any other answer as written. A value whose
 * column the answer event marks an identifier, code or date (a city id, a year) is no quantity and
 * is shown as written ("1532", not "1,532").
 */
export function AnswerText({
  text,
  values,
  result,
}: {
  text: string;
  values: readonly unknown[];
  result?: Answer["result"];
}) {
  const only = values.length === 1 ? values[0] : undefined;
  const shown = text.trim();
  const role = result?.columns.length === 1 ? result.roles?.[0] : undefined;
  if (typeof only !== "number" || !/^[-+]?\d+(\.\d+)?$/.test(shown) || isWrittenAsIs(role))
    return <span data-role={role}>{text}</span>;
  // The answer text may round the value; hover shows the value itself.
  const close = Math.abs(Number(shown) - only) <= 1e-6 * Math.max(1, Math.abs(only));
  return close ? <ReaderNumber value={only} /> : <>{text}</>;
}
