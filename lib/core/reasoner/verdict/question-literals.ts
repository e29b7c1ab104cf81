import { parseQuestionLocally } from "../question/parse";
import { outOfRange } from "./sql-literals";
import type { AssessInput, FailedCheck } from "./types";

/**
 * For an answer without SQL (a cell-graph walk, a passage): a number the question compares ("above
 * 500", "take 5000 minutes") that no numeric column of the data could meet, by its profiled range.
 * The method still answered from something, so the answer is not given as sure: a soft check.
 */
export function questionLiteralChecks(input: AssessInput): FailedCheck[] {
  if (input.answer.sql || !input.schema) return [];
  const numeric = input.schema.tables.flatMap((t) =>
    t.columns.filter((c) => typeof c.profile?.min === "number" && typeof c.profile?.max === "number"),
  );
  if (!numeric.length) return [];
  const parsed = parseQuestionLocally(input.question);
  const years = new Set(parsed.dates.map((d) => d.text));
  for (const n of parsed.numbers) {
    if (years.has(n.text) || n.unit === "percent") continue;
    const cmp = { column: "", op: n.comparator === "between" ? "=" : n.comparator, value: n.value };
    if (numeric.every((c) => outOfRange(c, cmp)?.kind === "range"))
      return [
        { id: "literal-out-of-range", hard: false, reason: `no column holds a value that meets ${n.text.trim()}` },
      ];
  }
  return [];
}
