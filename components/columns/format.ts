import type { ProfileValue } from "@/lib/core/model/index-types";

export function formatValue(v: ProfileValue | null | undefined, max = 80): string {
  if (v === null || v === undefined) return "—";
  if (typeof v === "number")
    return Number.isInteger(v) ? v.toLocaleString("en-US") : v.toLocaleString("en-US", { maximumFractionDigits: 4 });
  if (v === "") return "(empty string)";
  return v.length > max ? `${v.slice(0, max)}…` : v;
}

export function formatShare(share: number): string {
  if (!Number.isFinite(share)) return "—";
  if (share === 0) return "0%";
  if (share < 0.001) return "<0.1%";
  return `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;
}
