import type { CellValue } from "../../trace/atoms";

/** A double-quoted SQL identifier; embedded quotes are doubled, so no name can break out. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * A SQL literal for a value. Strings are single-quoted with quotes doubled and NUL removed, so a
 * question like "x'; DROP TABLE t; --" can only ever become the text of a literal; non-finite
 * numbers become NULL.
 */
export function sqlLiteral(value: CellValue): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "NULL";
  const text = value.replace(/\u0000/g, "");
  // SQLite reads a backslash literally, but SQL parsers (the guard's) may take it as an escape;
  // char(92) keeps the literal unambiguous for both.
  return text
    .split("\\")
    .map((part) => `'${part.replace(/'/g, "''")}'`)
    .join(" || char(92) || ");
}

/**
 * Escapes LIKE wildcards in user text; used with ESCAPE '!' (not a backslash, which SQL parsers
 * disagree about inside string literals).
 */
export function likeEscape(text: string): string {
  return text.replace(/[!%_]/g, (m) => `!${m}`);
}
