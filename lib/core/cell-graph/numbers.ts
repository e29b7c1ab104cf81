/**
 * Reads a cell's number as a reader would: "$1,694" → 1694, "83.6%" → 83.6, "(12)" → -12,
 * "−3.5" → -3.5. Null for text that is not a single number ("2014-15", "n/a").
 */
export function cellNumber(value: string): number | null {
  let s = value.trim().replace(/[\u2212\u2013]/g, "-");
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  s = s
    .replace(/^[-+]?\s*[$€£¥]\s*/, (m) => (m.includes("-") ? "-" : ""))
    .replace(/\s*(%|percent)$/i, "")
    .replace(/[$€£¥]/g, "");
  if (!/^[-+]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/.test(s) || !/\d/.test(s)) return null;
  const n = Number(s.replace(/,/g, ""));
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}
