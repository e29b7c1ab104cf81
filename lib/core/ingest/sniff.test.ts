import { describe, expect, it } from "vitest";
import { detectEncoding, sniffContent, sniffDelimiter } from "./sniff";

const bytes = (s: string) => new TextEncoder().encode(s);

describe("sniffContent", () => {
  it("recognises files by their first bytes", () => {
    expect(sniffContent(bytes("SQLite format 3\u0000xxxx"))).toBe("sqlite");
    expect(sniffContent(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1]))).toBe("zip");
    expect(sniffContent(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1]))).toBe("ole");
    expect(sniffContent(bytes("a,b\n1,2\n"))).toBe("text");
    expect(sniffContent(new Uint8Array([1, 2, 0, 3]))).toBe("binary");
    expect(sniffContent(new Uint8Array())).toBe("empty");
  });
});

describe("detectEncoding", () => {
  it("uses the BOM, then UTF-8 validity", () => {
    expect(detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe("utf8-bom");
    expect(detectEncoding(new Uint8Array([0xff, 0xfe, 0x41, 0]))).toBe("utf16le");
    expect(detectEncoding(bytes("café"))).toBe("utf8");
    expect(detectEncoding(new Uint8Array([0x63, 0x61, 0x66, 0xe9]), true)).toBe("windows-1252");
    expect(detectEncoding(new Uint8Array([0x63, 0xe9, 0x66, 0x61]))).toBe("windows-1252");
  });

  it("keeps a UTF-8 file with one bad byte UTF-8: one Windows-1252 byte does not outweigh good characters", () => {
    const good = new TextEncoder().encode("name\n".concat("Zürich\n".repeat(2000)));
    const oneBad = new Uint8Array([...good, 0x43, 0x61, 0x66, 0xe9, 0x0a]);
    expect(detectEncoding(oneBad, true)).toBe("utf8");
    // A sample cut inside a character is not an error unless it is the whole file.
    expect(detectEncoding(good.subarray(0, 7))).toBe("utf8");
  });

  it("reads a UTF-32 byte-order mark as UTF-32, not as UTF-16 followed by a NUL", () => {
    const le = new Uint8Array([0xff, 0xfe, 0, 0, 0x6e, 0, 0, 0]);
    const be = new Uint8Array([0, 0, 0xfe, 0xff, 0, 0, 0, 0x6e]);
    expect(detectEncoding(le)).toBe("utf32le");
    expect(detectEncoding(be)).toBe("utf32be");
    expect(sniffContent(le)).toBe("utf32-text");
    expect(sniffContent(be)).toBe("utf32-text");
    expect(sniffContent(new Uint8Array([0xff, 0xfe, 0x6e, 0]))).toBe("utf16-text");
  });

  it("tolerates a multi-byte character cut at the end of the sample", () => {
    const full = bytes("abc é");
    expect(detectEncoding(full.subarray(0, full.length - 1))).toBe("utf8");
  });
});

describe("sniffDelimiter", () => {
  it("picks the consistent delimiter", () => {
    expect(sniffDelimiter("a;b;c\n1;2;3\n4;5;6\n")).toBe(";");
    expect(sniffDelimiter("a\tb\n1\t2\n")).toBe("\t");
    expect(sniffDelimiter("a|b\n1|2\n")).toBe("|");
    expect(sniffDelimiter('name,note\n"Smith; John","a; b"\n"Doe; Jane","c"\n')).toBe(",");
  });

  it("falls back to comma, or tab for .tsv names, when nothing repeats", () => {
    expect(sniffDelimiter("single\nvalue\n")).toBe(",");
    expect(sniffDelimiter("single\nvalue\n", "x.tsv")).toBe("\t");
  });
});
