import type { CellValue } from "../../trace/atoms";
import type { Predicate } from "../types";
import { likeEscape, quoteIdent, sqlLiteral } from "./literals";
import { isoDateExpr, type DateFormat } from "./date-expr";
import { datePartExpr } from "./date-part";

function num(v: CellValue): CellValue {
  return typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v;
}

/** What spreadsheets write in a cell that holds no value. */
const MISSING = ["", "NA", "N/A", "n/a", "NaN", "null", "NULL", "None", "-", "\u2014", "?"]
  .map((v) => `'${v}'`)
  .join(", ");

/**
 * The SQL condition of a predicate on `alias.column`. Text equality ignores case (the cell index
 * matched case-insensitively too); numbers compare as numbers.
 */
export function predicateSql(
  alias: string,
  column: string,
  p: Predicate,
  numeric: boolean,
  cast = false,
  dateFormat?: DateFormat,
): string {
  const raw = `${alias ? `${alias}.` : ""}${quoteIdent(column)}`;
  const iso = dateFormat && dateFormat !== "iso" ? isoDateExpr(raw, dateFormat) : null;
  // A date part ("month" in (5, 6)) compares strftime's number of the column's ISO form.
  if (p.part) {
    const part = datePartExpr(iso ?? raw, p.part);
    return p.op === "is-null" || p.op === "not-null"
      ? compare(raw, raw, p, false, false)
      : compare(part, part, p, true, false);
  }
  return compare(iso ?? (cast && numeric ? numericCast(raw) : raw), raw, p, numeric, cast);
}

/** The condition of a predicate on an expression `col` (`raw` the column as stored, for emptiness). */
function compare(col: string, raw: string, p: Predicate, numeric: boolean, cast: boolean): string {
  const vals = numeric ? p.values.map(num) : p.values;
  const lit = (v: CellValue) => sqlLiteral(v);
  const textEq = (v: CellValue) =>
    typeof v === "string" && !numeric ? `${col} = ${lit(v)} COLLATE NOCASE` : `${col} = ${lit(v)}`;
  switch (p.op) {
    case "=":
      return vals.length > 1 ? `(${vals.map(textEq).join(" OR ")})` : textEq(vals[0] ?? null);
    case "in":
      return vals.length === 1 ? textEq(vals[0]) : `(${vals.map(textEq).join(" OR ")})`;
    case "!=":
      return `${col} <> ${lit(vals[0] ?? null)}`;
    case "not-in":
      return `${col} NOT IN (${vals.map(lit).join(", ") || "NULL"})`;
    case "<":
    case "<=":
    case ">":
    case ">=":
      return `${col} ${p.op} ${lit(vals[0] ?? null)}`;
    case "between":
      return `${col} BETWEEN ${lit(vals[0] ?? null)} AND ${lit(vals[1] ?? vals[0] ?? null)}`;
    case "contains":
      return `(${vals.map((v) => `${col} LIKE ${lit(`%${likeEscape(String(v))}%`)} ESCAPE '!'`).join(" OR ")})`;
    case "starts-with":
      return `(${vals.map((v) => `${col} LIKE ${lit(`${likeEscape(String(v))}%`)} ESCAPE '!'`).join(" OR ")})`;
    // A text cell left empty, or holding a missing-value marker, is as missing as NULL.
    case "is-null":
      return numeric && !cast ? `${col} IS NULL` : `(${raw} IS NULL OR TRIM(${raw}) IN (${MISSING}))`;
    case "not-null":
      return numeric && !cast ? `${col} IS NOT NULL` : `(${raw} IS NOT NULL AND TRIM(${raw}) NOT IN (${MISSING}))`;
  }
}

/** A text column read as a number: separators and non-breaking spaces dropped, then cast. */
export function numericCast(expr: string): string {
  return `CAST(REPLACE(REPLACE(REPLACE(${expr}, ',', ''), ' ', ''), char(160), '') AS REAL)`;
}

/** The SQL condition of a mapped condition on a column of `alias`. */
export function constraintSql(
  alias: string,
  c: { column: string; predicate: Predicate; numeric: boolean; cast?: boolean; dateFormat?: DateFormat },
): string {
  return predicateSql(alias, c.column, c.predicate, c.numeric, c.cast ?? false, c.dateFormat);
}
