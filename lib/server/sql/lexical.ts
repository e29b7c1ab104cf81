import "server-only";
import { MAX_SQL_LENGTH, MAX_SQL_NESTING, MAX_SQL_TOKENS } from "@/lib/core/model/limits";
import { DENIED_WORDS, FORBIDDEN_KEYWORDS } from "./allowed-functions";
import { SqlRefusedError } from "./errors";

export type SqlToken = { kind: "word" | "number" | "semicolon" | "other"; text: string };

/**
 * Splits SQL into tokens the way SQLite's tokenizer does for what matters here: comments
 * (-- and /* *\/) are dropped, string literals and quoted identifiers ("x", `x`, [x]) become one
 * opaque token, bare words are kept. This does not depend on node-sql-parser, so a statement
 * the parser misreads (it treats # as a comment, SQLite does not) still gets checked.
 */
function tokenize(sql: string): SqlToken[] {
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
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(sql[i + 1] ?? ""))) {
      // A number is one token (12.5e3, 0x1F), so the token count is what the parser will read.
      let j = i + 1;
      while (j < n && /[0-9A-Za-z_.]/.test(sql[j])) j++;
      tokens.push({ kind: "number", text: sql.slice(i, j) });
      i = j;
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
function checkTokens(sql: string, tokens: readonly SqlToken[] = tokenize(sql)): void {
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

/**
 * The guard's first look, linear in the text and run before any parse (on the caller's thread):
 * refuses an empty statement, one longer than MAX_SQL_LENGTH, with more than MAX_SQL_TOKENS tokens,
 * parentheses or CASE … END nested deeper than MAX_SQL_NESTING or left unbalanced, then applies
 * checkTokens. What passes is bounded in size; the parse itself still runs under MAX_SQL_CHECK_MS.
 * Returns the trimmed statement.
 */
export function precheckSql(input: string, maxLength = MAX_SQL_LENGTH): string {
  const { sql, tokens } = precheckSize(input, maxLength);
  checkTokens(sql, tokens);
  return sql;
}

/** The size part of precheckSql alone (a gold query is only read, never run as written). */
export function precheckSize(input: string, maxLength = MAX_SQL_LENGTH): { sql: string; tokens: SqlToken[] } {
  const sql = input.trim();
  if (!sql) throw new SqlRefusedError("empty", "The SQL statement is empty.");
  if (sql.length > maxLength)
    throw new SqlRefusedError(
      "too_long",
      `The SQL statement is ${sql.length.toLocaleString("en-US")} characters long; the limit is ` +
        `${maxLength.toLocaleString("en-US")} (MAX_SQL_LENGTH).`,
    );
  const tokens = tokenize(sql);
  if (tokens.length > MAX_SQL_TOKENS)
    throw new SqlRefusedError(
      "too_complex",
      `The SQL statement has ${tokens.length.toLocaleString("en-US")} tokens; the limit is ` +
        `${MAX_SQL_TOKENS.toLocaleString("en-US")} (MAX_SQL_TOKENS). Split it, or compute the long expression ` +
        "another way.",
    );
  checkNesting(tokens);
  return { sql, tokens };
}

/** Refuses nesting past MAX_SQL_NESTING and parentheses or CASE … END that do not pair up. */
function checkNesting(tokens: readonly SqlToken[]): void {
  let parens = 0;
  let cases = 0;
  for (const t of tokens) {
    if (t.kind === "other" && t.text === "(") parens++;
    else if (t.kind === "other" && t.text === ")") parens--;
    else if (t.kind === "word" && t.text.toUpperCase() === "CASE") cases++;
    else if (t.kind === "word" && t.text.toUpperCase() === "END") cases--;
    else continue;
    if (parens < 0) throw new SqlRefusedError("parse_error", "The statement closes a parenthesis it never opened.");
    if (cases < 0) throw new SqlRefusedError("parse_error", "The statement has an END without its CASE.");
    if (parens + cases > MAX_SQL_NESTING)
      throw new SqlRefusedError(
        "too_complex",
        `The statement nests parentheses and CASE expressions more than ${MAX_SQL_NESTING} deep (MAX_SQL_NESTING).`,
      );
  }
  if (parens > 0)
    throw new SqlRefusedError(
      "parse_error",
      `The statement leaves ${parens === 1 ? "a parenthesis" : `${parens} parentheses`} open: close each "(" with ")".`,
    );
  if (cases > 0) throw new SqlRefusedError("parse_error", "The statement has a CASE without its END.");
}
