// Oracle value expressions as an install script writes them in INSERT … VALUES, UPDATE … SET and
// PL/SQL assignments: string literals ('' is a quote), numbers (kept as text: the column's type
// decides), NULL, concatenation (||), CHR, UNISTR, UTL_RAW.CAST_TO_RAW, TO_DATE / TO_TIMESTAMP,
// TO_YMINTERVAL, XMLTYPE, object type constructors, and PL/SQL variables.

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
    } else if ("(),=".includes(c)) tokens.push({ kind: "punct", text: text[i++] });
    else {
      const m = /^(?:[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?|[\w$#."]+)/i.exec(text.slice(i));
      if (!m) throw new Error(`cannot read Oracle value text at: ${text.slice(i, i + 40)}`);
      tokens.push({ kind: /^[-+.\d]/.test(m[0]) ? "num" : "word", text: m[0] });
      i += m[0].length;
    }
  }
  return tokens;
}

/**
 * The year of an RR two-digit year as Oracle reads it in a session of the years 2000–2049 (when these
 * scripts are installed): 00–49 is this century, 50–99 the last one ('72' → 1972, '07' → 2007).
 */
function rrYear(rr: string | undefined): string {
  if (rr === undefined) throw new Error("a date without a year");
  return String(Number(rr) < 50 ? 2000 + Number(rr) : 1900 + Number(rr));
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
  const pieces = format.toUpperCase().match(/YYYY|RR|MON|MM|DD|HH24|HH|MI|SS|FF\d?|AM|PM|[^A-Z0-9]+|[A-Z0-9]/g) ?? [];
  for (const piece of pieces) {
    if (/^[^A-Z0-9]+$/.test(piece)) pattern += piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (piece === "MON") pattern += "([A-Za-z]{3})";
    else if (piece.startsWith("FF")) pattern += "(\\d+)";
    else if (piece === "YYYY") pattern += "(\\d{4})";
    else if (piece === "RR") pattern += "(\\d{2})";
    else if (piece === "AM" || piece === "PM") pattern += "([AaPp][Mm])";
    else if (["MM", "DD", "HH24", "HH", "MI", "SS"].includes(piece)) pattern += "(\\d{1,2})";
    else throw new Error(`date format element ${piece} is not read`);
    if (/^[A-Z]/.test(piece)) parts.push(piece.startsWith("FF") ? "FF" : piece === "PM" ? "AM" : piece);
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
  const day = `${got.YYYY ?? rrYear(got.RR)}-${two(month)}-${two(got.DD)}`;
  let hour: string | number | undefined = got.HH24 ?? got.HH;
  // HH with a meridian indicator is the 12-hour clock: 12 AM is hour 0, 1 PM is hour 13.
  if (got.AM && got.HH !== undefined) hour = (Number(got.HH) % 12) + (/^p/i.test(got.AM) ? 12 : 0);
  if (hour === undefined) return day;
  return `${day} ${two(hour)}:${two(got.MI)}:${two(got.SS)}${got.FF ? `.${got.FF}` : ""}`;
}

/** An INTERVAL YEAR TO MONTH as Oracle shows it: '+20-0' → '+20-00' (twenty years), '+01-06'. */
export function yearMonthInterval(text: string): string {
  const m = /^\s*([+-]?)(\d+)-(\d+)\s*$/.exec(text);
  if (!m || Number(m[3]) > 11) throw new Error(`"${text}" is not a year-to-month interval`);
  return `${m[1] || "+"}${m[2].padStart(2, "0")}-${m[3].padStart(2, "0")}`;
}

/** UNISTR's text: each \XXXX is the UTF-16 code unit XXXX, and \\ a backslash. */
export function unistrText(text: string): string {
  return text.replace(/\\(\\|[0-9a-fA-F]{4})/g, (_, code: string) =>
    code === "\\" ? "\\" : String.fromCharCode(Number.parseInt(code, 16)),
  );
}

/**
 * Reads a comma-separated list of Oracle value expressions from the tokens (after an opening
 * parenthesis). A call to one of `constructors` (object and collection types, lowercase) gives its
 * arguments as a JSON array, for the reader of the table to spread over columns.
 */
export class ValueReader {
  private at = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly variables: ReadonlyMap<string, string | null>,
    private readonly constructors: ReadonlySet<string> = new Set(),
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

  /** `name = expression` pairs separated by commas, as an UPDATE's SET list and its WHERE write them. */
  assignments(): Array<[string, string | null]> {
    const out: Array<[string, string | null]> = [];
    for (;;) {
      const name = this.tokens[this.at++];
      if (name?.kind !== "word" || !this.peek("="))
        throw new Error(`expected name = value, not ${name?.text ?? "the end"}`);
      this.at++;
      out.push([name.text, this.expression()]);
      if (!this.peek(",")) return out;
      this.at++;
    }
  }

  /** A condition `name = value` or `name IN (value, …)`: the name and the values it accepts. */
  condition(): { name: string; values: Array<string | null> } {
    const name = this.tokens[this.at++];
    if (name?.kind !== "word") throw new Error(`expected a condition, not ${name?.text ?? "the end"}`);
    if (this.peek("=")) {
      this.at++;
      return { name: name.text, values: [this.expression()] };
    }
    if (!this.keyword("in") || !this.peek("(")) throw new Error(`only = and IN conditions are read (${name.text})`);
    this.at++;
    return { name: name.text, values: this.list() };
  }

  /** Whether the next token is the keyword `word` (consumed when it is). */
  keyword(word: string): boolean {
    const t = this.tokens[this.at];
    if (t?.kind !== "word" || t.text.toLowerCase() !== word) return false;
    this.at++;
    return true;
  }

  private peek(text: string): boolean {
    return this.tokens[this.at]?.text === text;
  }

  private term(): string | null {
    const t = this.tokens[this.at++];
    if (!t) throw new Error("an Oracle value expression ends early");
    // Oracle stores an empty string as NULL ('' IS NULL is true).
    if (t.kind === "str") return t.text === "" ? null : t.text;
    if (t.kind === "num") return t.text;
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
    if (fn === "unistr") return args[0] === null ? null : unistrText(args[0]);
    if (fn === "to_yminterval") return args[0] === null ? null : yearMonthInterval(args[0]);
    if (fn === "sys.xmltype.createxml" || fn === "xmltype") return args[0];
    if (this.constructors.has(fn)) return JSON.stringify(args);
    throw new Error(`Oracle function ${t.text} is not read`);
  }
}
