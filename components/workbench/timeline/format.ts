import type { Comparator } from "@/lib/core/trace";

export function formatMs(ms: number): string {
  if (ms < 1) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

const SYMBOLS: Partial<Record<Comparator, string>> = {
  "<=": "≤",
  ">=": "≥",
  "!=": "≠",
  "not-in": "not in",
  "starts-with": "starts with",
  "is-null": "is empty",
  "not-null": "is not empty",
};

export function comparatorText(op: Comparator): string {
  return SYMBOLS[op] ?? op;
}

export function valueText(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "string") return `“${v}”`;
  return String(v);
}

export function percent(part: number, whole: number): string {
  if (whole <= 0) return "—";
  const p = (100 * part) / whole;
  return `${p < 1 && p > 0 ? p.toFixed(2) : p < 10 ? p.toFixed(1) : Math.round(p)}%`;
}
