// Whether an answer gives the gold values, read the way an analyst reads a result table. Exact
// match of the flattened values (exact-match.ts) marks three right answers wrong: "which customer
// paid most?" answered with the name and the total beside it (two columns), a person's name kept in
// two columns (first | last), and an average shown rounded (1.84 for 1.8404…). Here the gold values
// must be one column of the result, or two neighbouring columns read as one ("Anthony" "Bow"), with
// the same number of rows; a number matches when equal, or when the answer rounds the gold number to
// the answer's own precision (two decimals or more). Rows, ties included, are a multiset: order is
// ignored and every tied winner must be there.
import { normalizeAnswerValue } from "./exact-match";

/** An answer may show at most this many columns: the one asked for plus a measure and a second name part. */
export const MAX_ANSWER_COLUMNS = 3;

function asNumber(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "bigint") return Number(v);
  const s = String(v ?? "")
    .trim()
    .replace(/,/g, "");
  if (s === "") return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** Decimal places of a number as written ("1.84" → 2, 3.5 → 1, "12" → 0). */
function decimalsOf(v: unknown): number {
  const s = typeof v === "number" ? String(v) : String(v ?? "").trim();
  if (/e/i.test(s)) return 0;
  return /\.(\d+)$/.exec(s.replace(/,/g, ""))?.[1].length ?? 0;
}

/** One gold value against one answer value: numbers as numbers (rounding allowed), text trimmed and case-folded. */
export function valueMatches(gold: unknown, answer: unknown): boolean {
  const g = asNumber(gold);
  const a = asNumber(answer);
  if (g !== null && a !== null) {
    if (Math.abs(g - a) <= 1e-6 + 1e-9 * Math.abs(g)) return true;
    const d = decimalsOf(answer);
    return d >= 2 && d <= 10 && Math.abs(Number(g.toFixed(d)) - a) < 10 ** -(d + 3);
  }
  return normalizeAnswerValue(gold) === normalizeAnswerValue(answer);
}

/** The two lists hold the same values as multisets (each gold value paired with one answer value). */
function sameValues(gold: readonly unknown[], answer: readonly unknown[]): boolean {
  if (gold.length !== answer.length) return false;
  const used = new Array<boolean>(answer.length).fill(false);
  return gold.every((g) => {
    const i = answer.findIndex((a, j) => !used[j] && valueMatches(g, a));
    if (i < 0) return false;
    used[i] = true;
    return true;
  });
}

/** The one-value-per-row readings of a result: each column, and each pair of neighbouring columns joined. */
function columnViews(rows: ReadonlyArray<ReadonlyArray<unknown>>): unknown[][] {
  const width = rows[0]?.length ?? 0;
  const views: unknown[][] = [];
  for (let c = 0; c < width; c++) views.push(rows.map((r) => r[c]));
  const text = (v: unknown) => String(v ?? "").trim();
  for (let c = 0; c + 1 < width; c++) {
    views.push(rows.map((r) => `${text(r[c])} ${text(r[c + 1])}`));
    views.push(rows.map((r) => `${text(r[c + 1])} ${text(r[c])}`));
  }
  return views;
}

/** What a method answered: its values (flattened rows, or a reader's values) and, when it ran SQL, the rows. */
export type AnswerShape = { values: readonly unknown[]; rows?: ReadonlyArray<ReadonlyArray<unknown>> | null };

/**
 * True when the answer gives exactly the gold values (see the file comment for what counts). An
 * empty gold list means "the right result has no rows": only an answer whose SQL ran and returned
 * no rows matches it, never a run that failed or answered without a query.
 */
export function answerMatches(gold: readonly unknown[], answer: AnswerShape): boolean {
  if (gold.length === 0) return answer.values.length === 0 && answer.rows?.length === 0;
  if (sameValues(gold, answer.values)) return true;
  const rows = answer.rows;
  if (!rows?.length || rows.length !== gold.length) return false;
  if (rows.some((r) => r.length !== rows[0].length) || rows[0].length > MAX_ANSWER_COLUMNS) return false;
  return columnViews(rows).some((view) => sameValues(gold, view));
}

/** A question's score: out of scope is right only as "no-answer"; otherwise the answer must match the gold. */
export function scoreAnswer(input: {
  gold: readonly unknown[] | null;
  outOfScope?: boolean;
  verdict?: string;
  answer: AnswerShape;
}): boolean | null {
  if (input.outOfScope) return input.verdict === "no-answer";
  return input.gold ? answerMatches(input.gold, input.answer) : null;
}
