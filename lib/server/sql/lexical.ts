import "server-only";
import { DENIED_WORDS, FORBIDDEN_KEYWORDS } from "./allowed-functions";
import { SqlRefusedError } from "./errors";

export type SqlToken = { kind: "word" | "semicolon" | "other"; text: string };

/**
 * Splits SQL into tokens the way SQLite's tokenizer does for what matters here: comments
 * (-- and /* *\/) are dropped, string literals and quoted identifiers ("x", `x`, [x]) become one
 * opaque token, bare words are kept. This does not depend on node-sql-parser, so a statement
 * the parser misreads (it treats # as a comment, SQLite does not) still gets checked.
 */
export function tokenize(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i];
    if (/\s/.test(c)) i++;
    else if (c === "-" && sql[i + 1] === "-") {
      while (i < n && sql[i] !== "\n") i++;
    } else if (c === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === "'" || c === '"' || c === "`") {
      i = skipQuoted(sql, i, c);
      tokens.push({ kind: "other", text: "<quoted>" });
    } else if (c === "[") {
      const end = sql.indexOf("]", i + 1);
      i = end < 0 ? n : end + 1;
      tokens.push({ kind: "other", text: "<quoted>" });
    } else if (c === ";") {
      tokens.push({ kind: "semicolon", text: ";" });
      i++;
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_$\u0080-\uffff]/.test(sql[j])) j++;
      tokens.push({ kind: "word", text: sql.slice(i, j) });
      i = j;
    } else {
      tokens.push({ kind: "other", text: c });
      i++;
    }
  }
  return tokens;
}

/** Index after a quoted token starting at `start`; a doubled quote is an escaped quote. */
function skipQuoted(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return sql.length;
}

/**
 * Refuses, from tokens alone: a second statement after a semicolon, statement keywords that
 * write or change the connection (ATTACH, PRAGMA, INSERT…), and denied function or table names.
 */
export function checkTokens(sql: string): void {
  const tokens = tokenize(sql);
  const firstSemicolon = tokens.findIndex((t) => t.kind === "semicolon");
  if (firstSemicolon >= 0 && tokens.slice(firstSemicolon).some((t) => t.kind !== "semicolon")) {
    throw new SqlRefusedError(
      "multiple_statements",
      "Only one SQL statement may run at a time; this text holds more than one.",
    );
  }
  for (const t of tokens) {
    if (t.kind !== "word") continue;
    const upper = t.text.toUpperCase();
    if (FORBIDDEN_KEYWORDS.has(upper)) {
      throw new SqlRefusedError("forbidden_keyword", `${upper} is not allowed: only a read-only SELECT may run.`);
    }
    const lower = t.text.toLowerCase();
    if (DENIED_WORDS.has(lower) || lower.startsWith("pragma_")) {
      throw new SqlRefusedError("forbidden_function", `${lower} is not allowed in a query.`);
    }
  }
}
