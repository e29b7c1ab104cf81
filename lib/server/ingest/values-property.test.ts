import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importCsvText } from "./testing/read-back";

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((d) => d.join(""));

/** An integer part, sometimes with leading zeros or thousands separators. */
const integerPart = fc.oneof(
  digits(1, 18),
  fc
    .tuple(fc.integer({ min: 1, max: 999 }), fc.array(digits(3, 3), { minLength: 1, maxLength: 4 }))
    .map(([head, groups]) => [String(head), ...groups].join(",")),
);

/** Numeric text as files write it: signs, trailing zeros, long fractions, exponents, separators. */
const writtenNumber = fc
  .tuple(
    fc.constantFrom("", "", "-", "+"),
    fc.option(integerPart, { nil: "" }),
    fc.option(digits(1, 20), { nil: undefined }),
    fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), digits(1, 3)), { nil: undefined }),
  )
  .map(([sign, int, fraction, exponent]) => {
    const mantissa = `${int}${fraction === undefined ? "" : `.${fraction}`}` || "0";
    return `${sign}${mantissa}${exponent ? exponent.join("") : ""}`;
  });

/** Numbers as programs print them: shortest round-trip, 17 significant digits, fixed decimals. */
const printedNumber = fc
  .tuple(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 0, max: 3 }))
  .map(
    ([x, form]) =>
      [String(x), x.toPrecision(17), x.toFixed(Math.min(20, Math.abs(x) < 1e21 ? 6 : 0)), x.toExponential()][form],
  );

const numericText = fc.oneof(writtenNumber, printedNumber);

/** A CSV whose three columns hold the same values: one read early as numbers, one that turns text at its last row. */
function csvOf(values: string[]): string {
  const quote = (v: string) => (v.includes(",") ? `"${v}"` : v);
  const lines = values.map((v, i) => `${quote(v)},${i === values.length - 1 ? "x" : quote(v)},x${i}`);
  return `value,late,label\n${lines.join("\n")}\n`;
}

describe.each([
  ["one insert worker", "worker"],
  ["two insert workers", "two-workers"],
  ["this thread's writer", "same-thread"],
] as const)("every generated numeric text is stored and read back character for character (%s)", (_, writer) => {
  it("holds for arrays of generated values", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(numericText, { minLength: 1, maxLength: 120 }), async (values) => {
        const read = await importCsvText(csvOf(values), writer);
        expect(read.cells.map((r) => r[0])).toEqual(values);
        expect(read.cells.map((r) => r[1])).toEqual([...values.slice(0, -1), "x"]);
        // a text column holds only TEXT, whatever its values look like
        read.types.forEach((type, c) => {
          if (type === "text") expect(read.storage.map((r) => r[c]).filter((s) => s !== "text")).toEqual([]);
        });
      }),
      { numRuns: 40, seed: 27 },
    );
  });
});
