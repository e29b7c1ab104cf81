/**
 * How a column writes its dates: ISO, or another pattern ("Jun 12 1998", "12/06/1998", "12 June
 * 1998"). The semantic model records the pattern; the reasoner reads such a column through
 * `isoDateExpr` (retrieval/sql/date-expr.ts).
 */
export type DateFormat = "iso" | "mon-d-y" | "d-mon-y" | "m/d/y" | "d/m/y" | "y/m/d";

const PATTERNS: Array<[DateFormat, RegExp]> = [
  ["iso", /^\d{4}-\d{2}(-\d{2})?([ T].*)?$/],
  ["mon-d-y", /^[A-Za-z]{3,9}\.? \d{1,2},? \d{4}$/],
  ["d-mon-y", /^\d{1,2}[ -][A-Za-z]{3,9}\.?[ -]\d{4}$/],
  ["y/m/d", /^\d{4}\/\d{1,2}\/\d{1,2}$/],
  ["m/d/y", /^\d{1,2}\/\d{1,2}\/\d{4}$/],
];

/** The format every example is written in (day-first slashes when a first part is over 12), or null. */
export function dateFormatOf(examples: readonly string[]): DateFormat | null {
  const values = examples.map((e) => e.trim()).filter(Boolean);
  if (!values.length) return null;
  for (const [format, re] of PATTERNS) {
    if (!values.every((v) => re.test(v))) continue;
    if (format === "m/d/y" && values.some((v) => Number(v.split("/")[0]) > 12)) return "d/m/y";
    return format;
  }
  return null;
}
