import type { ColumnType } from "../model/dataset";

/** Raw cell values a profiler accepts: what SQLite drivers and parsers hand over. */
export type RawValue = string | number | bigint | boolean | null | undefined | Uint8Array;

const ISO = /^(\d{4})-(\d{2})-(\d{2})([T ][0-9:.]+(Z|[+-]\d\d:?\d\d)?)?$/;
const YMD_SLASH = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;
const MDY_SLASH = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function pad2(n: string): string {
  return n.length === 1 ? `0${n}` : n;
}

/**
 * ISO form of a date cell so dates order as strings: "2014/5/3" -> "2014-05-03", US
 * "5/3/2014" -> "2014-05-03" (the importer accepts both shapes). Null when not a date.
 */
export function toIsoDate(s: string): string | null {
  const t = s.trim();
  if (ISO.test(t)) return t.replace(" ", "T");
  let m = YMD_SLASH.exec(t);
  if (m) return `${m[1]}-${pad2(m[2])}-${pad2(m[3])}`;
  m = MDY_SLASH.exec(t);
  if (m) return `${m[3]}-${pad2(m[1])}-${pad2(m[2])}`;
  return null;
}

/**
 * The value a profile counts: numbers for numeric columns, ISO strings for dates, the text
 * otherwise. Null for missing cells (empty and blank strings count as missing).
 */
export function canonicalValue(raw: RawValue, type: ColumnType): string | number | null {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof Uint8Array) return `[${raw.length} bytes]`;
  if (typeof raw === "bigint") return Number.isSafeInteger(Number(raw)) ? Number(raw) : raw.toString();
  if (typeof raw === "boolean") return String(raw);
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : String(raw);
  if (raw.trim() === "") return null;
  if (type === "integer" || type === "real") {
    const n = Number(raw);
    return Number.isFinite(n) ? n : raw;
  }
  if (type === "date") return toIsoDate(raw) ?? raw;
  return raw;
}
