// A byte-level CSV tokenizer: it finds the fields of each record in UTF-8 bytes and hands them over
// as offsets into the bytes (one reused CsvRecord, no array per row), so the caller decodes only the
// fields it needs. It reads the dialects the app detects (dialect.ts) the way papaparse reads them:
// a quote opens a field only at its start, `""` inside a quoted field is a quote, spaces may follow
// a closing quote, and with backslash escapes `\\` and `\"` stand for `\` and `"` anywhere.

const LF = 10;
const CR = 13;
const BACKSLASH = 92;

/** How a field's bytes become its text: as they are, or with escapes resolved (in a quoted field or not). */
export const FieldKind = { plain: 0, quoted: 1, escapedQuoted: 2, escapedPlain: 3 } as const;

/** The dialect as bytes: delimiter and quote are single ASCII characters. */
export type TokenizerDialect = { delimiter: string; quote: string; backslash: boolean; newline: "\n" | "\r\n" | "\r" };

/** A quote that breaks the dialect, with papaparse's words for it; `record` counts from 0. */
export class CsvQuoteError extends Error {}

/** The fields of one record: offsets into `bytes` and how to read each (reused between records). */
export class CsvRecord {
  bytes: Uint8Array = new Uint8Array(0);
  count = 0;
  start = new Int32Array(64);
  end = new Int32Array(64);
  kind = new Uint8Array(64);
  /** Line breaks inside the record's quoted fields (its own line ending excluded). */
  innerLines = 0;

  push(start: number, end: number, kind: number): void {
    if (this.count === this.start.length) {
      const grow = <T extends Int32Array | Uint8Array>(a: T, b: T) => {
        b.set(a);
        return b;
      };
      this.start = grow(this.start, new Int32Array(this.count * 2));
      this.end = grow(this.end, new Int32Array(this.count * 2));
      this.kind = grow(this.kind, new Uint8Array(this.count * 2));
    }
    this.start[this.count] = start;
    this.end[this.count] = end;
    this.kind[this.count++] = kind;
  }

  /** True when the record is a blank line: one field of nothing but white space. */
  isBlank(decode: Decode): boolean {
    if (this.count !== 1) return false;
    let ascii = true;
    for (let i = this.start[0]; i < this.end[0]; i++) {
      if (this.bytes[i] >= 128) ascii = false;
      else if (this.bytes[i] > 32) return false;
    }
    return ascii || decode(this.bytes, this.start[0], this.end[0]).trim() === "";
  }
}

/** The line ending papaparse would pick for this text: `\r\n`, `\r`, or `\n` (quoted text ignored). */
export function guessNewline(sample: string, quote: string): TokenizerDialect["newline"] {
  const text = sample
    .slice(0, 1 << 20)
    .split(quote)
    .filter((_, i) => i % 2 === 0)
    .join("");
  const r = text.split("\r");
  const n = text.split("\n");
  if (r.length === 1 || (n.length > 1 && n[0].length < r[0].length)) return "\n";
  const withLf = r.filter((part) => part[0] === "\n").length;
  return withLf >= r.length / 2 ? "\r\n" : "\r";
}

/**
 * Splits UTF-8 bytes into records. `push` each chunk of the file and `finish` at its end; both call
 * `onRecord` for every complete record, in order. A record cut by a chunk's end waits for the next.
 */
export class CsvTokenizer {
  private pending: Uint8Array = new Uint8Array(0);
  private readonly delimiter: number;
  private readonly quote: number;
  private readonly record = new CsvRecord();
  records = 0;

  constructor(private readonly dialect: TokenizerDialect) {
    this.delimiter = dialect.delimiter.charCodeAt(0);
    this.quote = dialect.quote.charCodeAt(0);
  }

  push(chunk: Uint8Array, onRecord: (record: CsvRecord) => void): void {
    const bytes = this.pending.length ? concat(this.pending, chunk) : chunk;
    const used = this.scan(bytes, false, onRecord);
    this.pending = bytes.subarray(used);
  }

  finish(onRecord: (record: CsvRecord) => void): void {
    if (this.pending.length) this.scan(this.pending, true, onRecord);
    this.pending = new Uint8Array(0);
  }

  /** Reads every complete record of `bytes` and returns where the first incomplete one starts. */
  private scan(bytes: Uint8Array, final: boolean, onRecord: (record: CsvRecord) => void): number {
    const record = this.record;
    record.bytes = bytes;
    let at = 0;
    while (at < bytes.length) {
      const next = this.readRecord(bytes, at, final);
      if (next < 0) return at;
      onRecord(record);
      this.records++;
      at = next;
    }
    return at;
  }

  /** Fills `record` from `at`; returns the offset after its line ending, or -1 when the bytes end first. */
  private readRecord(b: Uint8Array, at: number, final: boolean): number {
    const { delimiter, quote } = this;
    const backslash = this.dialect.backslash;
    const record = this.record;
    const len = b.length;
    record.count = 0;
    record.innerLines = 0;
    let p = at;
    for (;;) {
      if (p < len && b[p] === quote) {
        // A quoted field: up to the quote that is not doubled (nor backslash-escaped).
        const from = ++p;
        let kind: number = FieldKind.quoted;
        for (;;) {
          if (p >= len) {
            if (!final) return -1;
            throw new CsvQuoteError("Quoted field unterminated");
          }
          const c = b[p];
          if (c === quote) {
            if (p + 1 >= len && !final) return -1;
            if (b[p + 1] === quote) {
              kind = FieldKind.escapedQuoted;
              p += 2;
              continue;
            }
            break;
          }
          if (c === BACKSLASH && backslash) {
            if (p + 1 >= len && !final) return -1;
            const e = b[p + 1];
            if (e === quote || e === BACKSLASH) {
              kind = FieldKind.escapedQuoted;
              p += 2;
              continue;
            }
          } else if (c === LF) record.innerLines++;
          p++;
        }
        record.push(from, p, kind);
        p++; // the closing quote
        while (p < len && (b[p] === 32 || b[p] === 9) && b[p] !== delimiter) p++;
        if (p >= len) {
          if (!final) return -1;
          return len;
        }
        const c = b[p];
        if (c === delimiter) {
          p++;
          continue;
        }
        const ends = this.lineEnd(b, p, final);
        if (ends === -1) return -1;
        if (ends > 0) return ends;
        throw new CsvQuoteError("Trailing quote on quoted field is malformed");
      }
      // A plain field: up to the delimiter or the line ending.
      const from = p;
      let kind: number = FieldKind.plain;
      for (;;) {
        if (p >= len) {
          if (!final) return -1;
          record.push(from, p, kind);
          return len;
        }
        const c = b[p];
        if (c === delimiter) break;
        if (c === LF || c === CR) {
          const ends = this.lineEnd(b, p, final);
          if (ends === -1) return -1;
          if (ends > 0) {
            record.push(from, p, kind);
            return ends;
          }
        } else if (c === BACKSLASH && backslash) {
          if (p + 1 >= len && !final) return -1;
          const e = b[p + 1];
          if (e === quote || e === BACKSLASH) {
            kind = FieldKind.escapedPlain;
            p++;
          }
        }
        p++;
      }
      record.push(from, p, kind);
      p++;
    }
  }

  /** At `p`: the offset after the line ending that starts there, 0 when none does, -1 when the bytes end first. */
  private lineEnd(b: Uint8Array, p: number, final: boolean): number {
    const c = b[p];
    switch (this.dialect.newline) {
      case "\n":
        return c === LF ? p + 1 : 0;
      case "\r":
        return c === CR ? p + 1 : 0;
      default:
        if (c !== CR) return 0;
        if (p + 1 >= b.length) return final ? 0 : -1;
        return b[p + 1] === LF ? p + 2 : 0;
    }
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * The text of field `i`: its bytes decoded, with doubled quotes and (`backslash`) backslash escapes
 * resolved; `quote` is the quote character's code.
 */
export function fieldText(record: CsvRecord, i: number, quote: number, backslash: boolean, decode: Decode): string {
  const { bytes } = record;
  const start = record.start[i];
  const end = record.end[i];
  const kind = record.kind[i];
  if (kind === FieldKind.plain || kind === FieldKind.quoted) return decode(bytes, start, end);
  const out = new Uint8Array(end - start);
  let n = 0;
  const quoted = kind === FieldKind.escapedQuoted;
  for (let p = start; p < end; p++) {
    const c = bytes[p];
    if (quoted && c === quote && bytes[p + 1] === quote) p++;
    else if (backslash && c === BACKSLASH && (bytes[p + 1] === quote || bytes[p + 1] === BACKSLASH)) p++;
    out[n++] = bytes[p];
  }
  return decode(out, 0, n);
}

/** Decodes UTF-8 bytes [start, end) to a string. */
export type Decode = (bytes: Uint8Array, start: number, end: number) => string;
