import { describe, expect, it } from "vitest";
import { incompleteTailLength, scanUtf8 } from "./utf8";

const enc = (s: string) => new TextEncoder().encode(s);

describe("scanUtf8", () => {
  it("counts well-formed multi-byte characters and lists the offsets of bad sequences", () => {
    expect(scanUtf8(enc("Zürich 東京 😀"))).toEqual({ invalid: [], invalidCount: 0, multibyte: 4, incompleteTail: 0 });
    const bytes = new Uint8Array([0x61, 0xe9, 0x62, 0xc3, 0xa9, 0xff, 0xc0, 0xaf, 0xed, 0xa0, 0x80]);
    // é in Windows-1252, a good é, 0xFF, an overlong "/", an encoded surrogate: each bad one where it starts.
    expect(scanUtf8(bytes).invalid).toEqual([1, 5, 6, 7, 8, 9, 10]);
    expect(scanUtf8(bytes).multibyte).toBe(1);
  });

  it("holds back a character cut at the end of a chunk, unless the bytes are final", () => {
    const cut = enc("ab東").subarray(0, 4);
    expect(scanUtf8(cut, false)).toEqual({ invalid: [], invalidCount: 0, multibyte: 0, incompleteTail: 2 });
    expect(incompleteTailLength(cut)).toBe(2);
    expect(incompleteTailLength(enc("ab東"))).toBe(0);
    expect(incompleteTailLength(new Uint8Array([0x61, 0xe9]))).toBe(1);
    expect(scanUtf8(cut, true).invalid).toEqual([2]);
  });

  it("counts one bad sequence where a decoder writes one replacement character", () => {
    for (const bytes of [
      [0xe6, 0x9d, 0x41],
      [0xf0, 0x9f, 0x98],
      [0xe9, 0x41],
      [0xed, 0xa0, 0x80],
    ].map((b) => new Uint8Array(b))) {
      const replaced = [...new TextDecoder().decode(bytes)].filter((ch) => ch === "\ufffd").length;
      expect(scanUtf8(bytes).invalid.length, String([...bytes])).toBe(replaced);
    }
  });

  it("agrees with the platform's validator on every two-byte sequence", () => {
    for (let a = 0; a < 256; a++)
      for (let b = 0; b < 256; b++) {
        const bytes = new Uint8Array([a, b]);
        expect(scanUtf8(bytes).invalid.length === 0, `${a} ${b}`).toBe(isUtf8(bytes));
      }
  });
});

const strict = new TextDecoder("utf-8", { fatal: true });
function isUtf8(bytes: Uint8Array): boolean {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
