import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalFromBytes, formatWritten, newReading, plainText, readWrittenNumber } from "./written-number";

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((d) => d.join(""));

/** Plain decimals as files write them: a sign, an integer part without a leading zero, a fraction. */
const plainDecimal = fc
  .tuple(
    fc.boolean(),
    fc.oneof(fc.constant("0"), fc.tuple(fc.constantFrom(..."123456789"), digits(0, 9))),
    digits(1, 9),
  )
  .map(([negative, int, fraction]) => `${negative ? "-" : ""}${Array.isArray(int) ? int.join("") : int}.${fraction}`);

describe("decimalFromBytes", () => {
  it("reads a plain decimal from bytes exactly as readWrittenNumber reads its text", () => {
    const bytes = new TextEncoder();
    fc.assert(
      fc.property(plainDecimal, (text) => {
        const fromBytes = newReading();
        const fromText = newReading();
        const encoded = bytes.encode(`,${text},`);
        const read = decimalFromBytes(encoded, 1, encoded.length - 1, fromBytes);
        expect(readWrittenNumber(text, fromText)).toBe(true);
        if (/^-0\.0+$/.test(text) || text.replace(/[-.]/g, "").length > 15) {
          expect(read).toBe(false);
          return;
        }
        expect(read).toBe(true);
        expect(fromBytes).toEqual(fromText);
        expect(fromBytes.value).toBe(Number(text));
        // Its text comes back from the reading alone (the form a cell keeps when it must).
        expect(plainText(fromBytes)).toBe(text);
      }),
      { numRuns: 2000, seed: 36 },
    );
  });

  it("leaves every other form to the text reader", () => {
    const enc = new TextEncoder();
    for (const text of ["42", "007.5", "1e3", "+1.5", ".5", "5.", "1,234.5", " 1.5", "2024-01-05", "1.5x"]) {
      const bytes = enc.encode(text);
      expect(decimalFromBytes(bytes, 0, bytes.length, newReading()), text).toBe(false);
    }
  });

  it("prints grouped numbers with their places", () => {
    expect(formatWritten(1234567.891, { decimals: 3, grouping: true })).toBe("1,234,567.891");
  });
});
