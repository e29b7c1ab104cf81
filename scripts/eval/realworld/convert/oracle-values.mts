// Oracle value expressions as an install script writes them in INSERT … VALUES and PL/SQL
// assignments: string literals ('' is a quote), numbers (kept as text: the column's type decides),
// NULL, concatenation (||), CHR, UTL_RAW.CAST_TO_RAW, TO_DATE / TO_TIMESTAMP, and PL/SQL variables.

/** Index just past the Oracle string literal opening at `start` ('' is a quote; backslash is a character). */
export function quotedEnd(s: string, start: number): number {
  const q = s[start];
  let i = start + 1;
  while (i < s.length) {
    if (s[i] === q && s[i + 1] === q) i += 2;
    else if (s[i] === q) return i + 1;
    else i++;
  }
  return s.length;
}

export type Token = { kind: "str" | "num" | "word" | "punct"; text: string };

/** The tokens of Oracle value text. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) i++;
    else if (c === "'") {
      const end = quotedEnd(text, i);
      tokens.push({ kind: "str", text: text.slice(i + 1, end - 1).replace(/''/g, "'") });
      i = end;
    } else if (text.startsWith("||", i)) {
      tokens.push({ kind: "punct", text: "||" });
      i += 2;
    } else if ("(),".includes(c)) tokens.push({ kind: "punct", text: text[i++] });
    else {
      const m = /^(?:[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?|[\w$#."]+)/i.exec(text.slice(i));
      if (!m) throw new Error(`cannot read Oracle value text at: ${text.slice(i, i + 40)}`);
      tokens.push({ kind: /^[-+.\d]/.test(m[0]) ? "num" : "word", text: m[0] });
      i += m[0].length;
    }
  }
  return tokens;
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/**
 * An Oracle date or timestamp literal (TO_DATE / TO_TIMESTAMP with its format) as ISO text, keeping
 * the fraction of a second as written: "04-FEB-2021 13.20.22.245" with "DD-MON-YYYY HH24.MI.SS.FF"
 * → "2021-02-04 13:20:22.245".
 */
export function oracleDateText(value: string, format: string): string {
  const parts: string[] = [];
  let pattern = "";
  for (const piece of format.toUpperCase().match(/YYYY|MON|MM|DD|HH24|HH|MI|SS|FF\d?|[^A-Z0-9]+|[A-Z0-9]/g) ?? []) {
    if (/^[^A-Z0-9]+$/.test(piece)) pattern += piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (piece === "MON") pattern += "([A-Za-z]{3})";
    else if (piece.startsWith("FF")) pattern += "(\\d+)";
    else if (piece === "YYYY") pattern += "(\\d{4})";
    else if (["MM", "DD", "HH24", "HH", "MI", "SS"].includes(piece)) pattern += "(\\d{1,2})";
    else throw new Error(`date format element ${piece} is not read`);
    if (/^[A-Z]/.test(piece)) parts.push(piece.startsWith("FF") ? "FF" : piece);
  }
  const m = new RegExp(`^${pattern}$`).exec(value.trim());
  if (!m) throw new Error(`"${value}" does not have the format ${format}`);
  const got: Record<string, string> = {};
  parts.forEach((p, k) => {
    got[p] = m[k + 1];
  });
  const month = got.MON ? MONTHS.indexOf(got.MON.toUpperCase()) + 1 : Number(got.MM);
  if (!(month >= 1)) throw new Error(`"${value}": no month`);
  const two = (v: string | number | undefined) => String(v ?? 0).padStart(2, "0");
  const day = `${got.YYYY}-${two(month)}-${two(got.DD)}`;
  const hour = got.HH24 ?? got.HH;
  if (hour === undefined) return day;
  return `${day} ${two(hour)}:${two(got.MI)}:${two(got.SS)}${got.FF ? `.${got.FF}` : ""}`;
}

/** Reads a comma-separated list of Oracle value expressions from the tokens (after an opening parenthesis). */
export class ValueReader {
  private at = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly variables: ReadonlyMap<string, string | null>,
  ) {}

  /** Every expression up to the matching close parenthesis, which it consumes. */
  list(): Array<string | null> {
    const values: Array<string | null> = [];
    if (this.peek(")")) {
      this.at++;
      return values;
    }
    for (;;) {
      values.push(this.expression());
      const t = this.tokens[this.at++];
      if (t?.text === ")") return values;
      if (t?.text !== ",") throw new Error(`expected , or ) in a VALUES list, not ${t?.text ?? "its end"}`);
    }
  }

  expression(): string | null {
    let value = this.term();
    while (this.peek("||")) {
      this.at++;
      const next = this.term();
      // Oracle: NULL || 'x' is 'x'.
      value = value === null && next === null ? null : (value ?? "") + (next ?? "");
    }
    return value;
  }

  done(): boolean {
    return this.at >= this.tokens.length;
  }

  private peek(text: string): boolean {
    return this.tokens[this.at]?.text === text;
  }

  private term(): string | null {
    const t = this.tokens[this.at++];
    if (!t) throw new Error("an Oracle value expression ends early");
    if (t.kind === "str" || t.kind === "num") return t.text;
    if (t.kind !== "word") throw new Error(`unexpected ${t.text} in an Oracle value expression`);
    if (/^null$/i.test(t.text)) return null;
    if (!this.peek("(")) {
      const name = t.text.toLowerCase();
      if (!this.variables.has(name)) throw new Error(`unknown name ${t.text} in an Oracle value expression`);
      return this.variables.get(name) ?? null;
    }
    this.at++;
    const args = this.list();
    const fn = t.text.toLowerCase();
    if (fn === "chr") return String.fromCharCode(Number(args[0]));
    if (fn === "utl_raw.cast_to_raw") return args[0];
    if (fn === "to_date" || fn === "to_timestamp") return args[0] === null ? null : oracleDateText(args[0], args[1]!);
    throw new Error(`Oracle function ${t.text} is not read`);
  }
}
