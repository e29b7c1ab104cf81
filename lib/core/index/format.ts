/** Locale-independent formatting for descriptions, so they are identical on every machine. */

/** 1234567 -> "1,234,567"; decimals keep at most 6 significant digits. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const v = Number.isInteger(n) ? n : Number(n.toPrecision(6));
  const [int, frac] = String(Math.abs(v)).split(".");
  if (int.includes("e")) return String(v);
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${v < 0 ? "-" : ""}${grouped}${frac ? `.${frac}` : ""}`;
}

/** A share as a whole percentage that never rounds a partial share to 0% or 100%. */
export function formatPercent(share: number): string {
  if (share <= 0) return "0%";
  if (share >= 1) return "100%";
  if (share < 0.01) return "<1%";
  if (share > 0.99) return ">99%";
  return `${Math.round(share * 100)}%`;
}

/** Quotes a text example, shortened to `max` characters. */
export function quote(s: string, max = 40): string {
  const t = s.length > max ? `${s.slice(0, max - 1)}…` : s;
  return `"${t}"`;
}
