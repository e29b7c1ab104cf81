// Reading SQL dump text (MySQL and PostgreSQL dialects) without running it: statements split at
// top-level semicolons, comments dropped, identifiers unquoted, and INSERT … VALUES tuples read.

/** Statements of a dump, comments removed, split at semicolons outside quotes. */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let cur = "";
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === "-" && next === "-") {
      const end = sql.indexOf("\n", i);
      i = end < 0 ? sql.length : end + 1;
      cur += "\n";
    } else if (c === "/" && next === "*") {
      const end = sql.indexOf("*/", i + 2);
      i = end < 0 ? sql.length : end + 2;
      cur += " ";
    } else if (c === "'" || c === '"' || c === "`") {
      const end = quotedEnd(sql, i);
      cur += sql.slice(i, end);
      i = end;
    } else if (c === ";") {
      if (cur.trim()) out.push(cur.trim());
      cur = "";
      i++;
    } else {
      cur += c;
      i++;
    }
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** Index just past the quoted run starting at `start` ('…' honours backslash and doubled-quote escapes). */
function quotedEnd(s: string, start: number): number {
  const q = s[start];
  let i = start + 1;
  while (i < s.length) {
    if (q === "'" && s[i] === "\\") i += 2;
    else if (s[i] === q && s[i + 1] === q) i += 2;
    else if (s[i] === q) return i + 1;
    else i++;
  }
  return s.length;
}

/** An identifier without its quotes (`x`, "x", [x]); of a qualified name (a.b) the last part. */
export function unquoteIdentifier(raw: string): string {
  const parts = splitQualified(raw.trim());
  const last = parts[parts.length - 1] ?? "";
  if (/^[`"[]/.test(last)) return last.slice(1, -1).replace(/""/g, '"').replace(/``/g, "`");
  return last;
}

function splitQualified(raw: string): string[] {
  const parts: string[] = [];
  let i = 0;
  while (i < raw.length) {
    const c = raw[i];
    if (c === "`" || c === '"' || c === "[") {
      const close = c === "[" ? "]" : c;
      let j = i + 1;
      while (j < raw.length && !(raw[j] === close && raw[j + 1] !== close)) j += raw[j] === close ? 2 : 1;
      parts.push(raw.slice(i, j + 1));
      i = j + 1;
    } else if (c === ".") i++;
    else {
      const m = /^[^.`"[]+/.exec(raw.slice(i))!;
      parts.push(m[0].trim());
      i += m[0].length;
    }
  }
  return parts;
}

/** Splits `text` at top-level commas (outside parentheses and quotes). */
export function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "'" || c === '"' || c === "`") {
      const end = quotedEnd(text, i);
      cur += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")") depth--;
    if (c === "," && depth === 0) {
      out.push(cur.trim());
      cur = "";
    } else cur += c;
    i++;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** The text inside the parenthesis group that opens at `open`, and the index after its close. */
export function parenGroup(text: string, open: number): { inner: string; end: number } {
  let depth = 0;
  let i = open;
  while (i < text.length) {
    const c = text[i];
    if (c === "'" || c === '"' || c === "`") {
      i = quotedEnd(text, i);
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return { inner: text.slice(open + 1, i), end: i + 1 };
    i++;
  }
  throw new Error(`unbalanced parentheses in: ${text.slice(open, open + 80)}…`);
}

const MYSQL_ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", "0": "\0", Z: "\x1a", b: "\b" };

/** A SQL literal as a JS value: NULL → null, numbers stay text (the column's type decides), strings unescaped. */
export function literalValue(raw: string): string | null {
  const t = raw.trim();
  if (/^null$/i.test(t)) return null;
  if (!t.startsWith("'")) return t;
  let out = "";
  for (let i = 1; i < t.length - 1; i++) {
    const c = t[i];
    if (c === "\\") {
      const e = t[++i];
      out += MYSQL_ESCAPES[e] ?? e;
    } else if (c === "'" && t[i + 1] === "'") {
      out += "'";
      i++;
    } else out += c;
  }
  return out;
}

/** An INSERT statement's target table, column list (empty when not given) and value rows. */
export type InsertRows = { table: string; columns: string[]; rows: Array<Array<string | null>> };

const INSERT_NAME = String.raw`(?:[\`"[][^\`"\]]+[\`"\]]|[\w$]+)`;
const INSERT_HEAD = new RegExp(
  String.raw`^insert\s+(?:ignore\s+)?(?:into\s+)?(${INSERT_NAME}(?:\.${INSERT_NAME})?)\s*`,
  "i",
);

/**
 * Reads `INSERT [INTO] t (a, b) VALUES (…), (…)` (T-SQL may leave out INTO); null when the statement
 * is not an INSERT … VALUES.
 */
export function parseInsert(stmt: string): InsertRows | null {
  const head = INSERT_HEAD.exec(stmt);
  if (!head) return null;
  let rest = stmt.slice(head[0].length);
  let columns: string[] = [];
  if (rest.startsWith("(")) {
    const g = parenGroup(rest, 0);
    columns = splitTopLevel(g.inner).map(unquoteIdentifier);
    rest = rest.slice(g.end);
  }
  const values = /^\s*values\s*/i.exec(rest);
  if (!values) return null;
  rest = rest.slice(values[0].length);
  const rows: Array<Array<string | null>> = [];
  let i = 0;
  while (i < rest.length) {
    const open = rest.indexOf("(", i);
    if (open < 0) break;
    const g = parenGroup(rest, open);
    rows.push(splitTopLevel(g.inner).map(literalValue));
    i = g.end;
  }
  return { table: unquoteIdentifier(head[1]), columns, rows };
}
