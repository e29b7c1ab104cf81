import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CsvQuoteError, CsvTokenizer, fieldText, guessNewline, type TokenizerDialect } from "./csv-tokenizer";

const decoder = new TextDecoder();
const decode = (bytes: Uint8Array, start: number, end: number) => decoder.decode(bytes.subarray(start, end));

/** Tokenizes `text` fed in chunks cut at the given byte offsets; returns each record's fields. */
function records(text: string, dialect: Partial<TokenizerDialect> = {}, cuts: number[] = []): string[][] {
  const d: TokenizerDialect = { delimiter: ",", quote: '"', backslash: false, newline: "\n", ...dialect };
  const bytes = new TextEncoder().encode(text);
  const tokenizer = new CsvTokenizer(d);
  const out: string[][] = [];
  const onRecord = (r: Parameters<Parameters<CsvTokenizer["push"]>[1]>[0]) =>
    out.push(Array.from({ length: r.count }, (_, i) => fieldText(r, i, d.quote.charCodeAt(0), d.backslash, decode)));
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    tokenizer.push(bytes.subarray(from, cut), onRecord);
    from = cut;
  }
  tokenizer.finish(onRecord);
  return out;
}

describe("CsvTokenizer", () => {
  const tricky = 'city,note\n"Fresno, CA","line one\nline two"\nLA,"say ""hi"""\nnaïve,x"y\n,\n';

  it("reads quoted delimiters, line breaks, doubled quotes and quotes inside plain fields as papaparse does", () => {
    const expected = Papa.parse<string[]>(tricky.trimEnd(), { delimiter: ",", newline: "\n" }).data;
    expect(records(tricky)).toEqual(expected);
  });

  it("gives the same records wherever the chunks are cut", () => {
    const whole = records(tricky);
    const length = new TextEncoder().encode(tricky).length;
    for (let cut = 1; cut < length; cut++) expect(records(tricky, {}, [cut]), `cut at ${cut}`).toEqual(whole);
  });

  it("resolves backslash escapes anywhere, and doubled quotes inside quoted fields", () => {
    const text = '"Say \\"hi\\"","a\\\\b",\\"plain\\",q""q,"x""y"\n';
    expect(records(text, { backslash: true })).toEqual([['Say "hi"', "a\\b", '"plain"', 'q""q', 'x"y']]);
  });

  it("ends records at the line ending papaparse would pick", () => {
    expect(guessNewline("a,b\r\nc,d\r\n", '"')).toBe("\r\n");
    expect(guessNewline("a,b\nc,d\r\n", '"')).toBe("\n");
    expect(guessNewline("a,b\rc,d\r", '"')).toBe("\r");
    expect(records("a,b\r\nc,d\ne\r\n", { newline: "\r\n" })).toEqual([
      ["a", "b"],
      ["c", "d\ne"],
    ]);
    expect(records("a,b\r\n", { newline: "\n" })).toEqual([["a", "b\r"]]);
  });

  it("allows spaces after a closing quote and refuses anything else there", () => {
    expect(records('"a"  ,b\n')).toEqual([["a", "b"]]);
    expect(() => records('"a"x,b\n')).toThrow(new CsvQuoteError("Trailing quote on quoted field is malformed"));
    expect(() => records('a,"b\n')).toThrow(new CsvQuoteError("Quoted field unterminated"));
  });

  it("counts the line breaks inside a record's quoted fields", () => {
    const d: TokenizerDialect = { delimiter: ",", quote: '"', backslash: false, newline: "\n" };
    const tokenizer = new CsvTokenizer(d);
    const lines: number[] = [];
    tokenizer.push(new TextEncoder().encode('a,"1\n2\n3"\nb,c\n'), (r) => lines.push(r.innerLines));
    tokenizer.finish(() => undefined);
    expect(lines).toEqual([2, 0]);
  });
});
