// Exact match of an answer's values against gold values, as `npm run eval -- --questions` and the
// in-app batches score them: numbers compared as numbers (thousands separators dropped, rounded
// to 6 decimals), text trimmed and case-folded, order ignored, the same number of values.

/** One value as exact match compares it. */
export function normalizeAnswerValue(v: unknown): string {
  const s = String(v ?? "").trim();
  const n = Number(s.replace(/,/g, ""));
  return s !== "" && Number.isFinite(n) ? `#${Math.round(n * 1e6) / 1e6}` : s.toLowerCase();
}

/** Exact match with numbers compared as numbers, order and case ignored. */
export function exactMatch(gold: readonly unknown[], pred: readonly unknown[]): boolean {
  const a = gold.map(normalizeAnswerValue).sort();
  const b = pred.map(normalizeAnswerValue).sort();
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
