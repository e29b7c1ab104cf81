// Exact match for the complex-table suites (AIT-QA, HiTab): the prediction's values must equal
// the gold values as a set, after number normalisation — "$1,694" = 1694, "24%" = 24, "(12)" = -12 —
// and a number equals a gold number when it rounds to it at the gold's precision. Text compares
// case-folded with spacing collapsed.
import { cellNumber } from "@/lib/core/cell-graph/numbers";

function asNumber(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  return typeof v === "string" ? cellNumber(v) : null;
}

function decimals(v: unknown): number {
  const s = String(v).replace(/[^\d.]/g, "");
  const i = s.indexOf(".");
  return i < 0 ? 0 : s.length - i - 1;
}

function same(gold: unknown, pred: unknown): boolean {
  const g = asNumber(gold);
  const p = asNumber(pred);
  if (g !== null && p !== null) {
    const d = Math.min(decimals(gold), 6);
    return Math.abs(g - p) < 1e-9 || Math.abs(Number(p.toFixed(d)) - g) < 1e-9;
  }
  const norm = (x: unknown) =>
    String(x)
      .toLowerCase()
      .replace(/\s+/g, " ")
      .replace(/^[\s"'$]+|[\s"'.%]+$/g, "")
      .trim();
  return norm(gold) === norm(pred);
}

/** True when every gold value is matched by a predicted one and every predicted value by a gold one. */
export function cellMatch(gold: readonly unknown[], pred: readonly unknown[]): boolean {
  if (!gold.length || !pred.length) return false;
  return gold.every((g) => pred.some((p) => same(g, p))) && pred.every((p) => gold.some((g) => same(g, p)));
}
