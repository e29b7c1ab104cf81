import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMissingMarker } from "@/lib/core/ingest/written-number";
import { importCsvWith, readBack } from "./testing/read-back";

/** A number as files write it: trailing zeros, tiny values and exponents, signs, spaces, separators. */
const writtenNumber = fc
  .tuple(
    fc.double({ min: -1e7, max: 1e7, noNaN: true }),
    fc.integer({ min: 0, max: 9 }),
    fc.integer({ min: 0, max: 4 }),
  )
  .map(([x, form, places]) => {
    switch (form) {
      case 0:
        return x.toFixed(places); // "9970610.0", "-3.50", "12"
      case 1:
        return (x * 1e-9).toFixed(places + 7); // "0.0000967"
      case 2:
        return (x * 1e-9).toExponential(places); // "9.67e-5"
      case 3:
        return String(Math.round(x)); // plain integers
      case 4:
        return `+${Math.abs(x).toFixed(places)}`;
      case 5:
        return ` ${x.toFixed(places)}`; // padded
      case 6:
        return Math.round(x).toLocaleString("en-US"); // "1,234,567" (settled when any value has two groups)
      case 7:
        return String(x);
      default:
        return x.toPrecision(places + 3);
    }
  });

/** Cells that hold no number: empty, only spaces, a missing-number word. */
const noNumber = fc.constantFrom("", "  ", " ", "NA", "\t");

/** A numeric column as a file writes it: numbers in one or several forms, some cells without a number. */
const numericColumn = fc.array(fc.oneof({ weight: 6, arbitrary: writtenNumber }, { weight: 1, arbitrary: noNumber }), {
  minLength: 1,
  maxLength: 60,
});

/** What the file means by a cell: its number, or null. */
function meant(raw: string): number | null {
  const t = raw.trim();
  if (t === "" || isMissingMarker(raw)) return null;
  return Number(t.replaceAll(",", "")) + 0; // -0 is stored as 0
}

const csvField = (v: string) => (/[",\t]/.test(v) || v !== v.trim() ? `"${v.replaceAll('"', '""')}"` : v);

/** Three columns of the same length and a label column, so no row is blank. */
function csvOf(columns: string[][]): string {
  const rows = Math.max(...columns.map((c) => c.length));
  const lines = Array.from({ length: rows }, (_, r) =>
    [...columns.map((c) => csvField(c[r] ?? "")), `row ${r}`].join(","),
  );
  return `a,b,c,label\n${lines.join("\n")}\n`;
}

describe.each([
  ["one insert worker", "worker"],
  ["two insert workers", "two-workers"],
  ["this thread's writer", "same-thread"],
] as const)("numeric columns compute what the file wrote and show it as written (%s)", (_, writer) => {
  it("MIN, MAX, SUM and ORDER BY agree with the file's numbers; the grid text is the file's text", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(numericColumn, { minLength: 3, maxLength: 3 }), async (columns) => {
        await importCsvWith(csvOf(columns), writer, (ctx, table) => {
          const read = readBack(ctx, table);
          const rows = Math.max(...columns.map((c) => c.length));
          columns.forEach((column, c) => {
            const written = Array.from({ length: rows }, (_, r) => column[r] ?? "");
            // Every cell shows as the file wrote it (a CSV reader reads a missing field as "").
            expect(read.cells.map((row) => row[c])).toEqual(written);
            const meta = table.columns[c];
            const numbers = written.map(meant);
            const isNumeric = meta.type === "integer" || meta.type === "real";
            // A column of numbers (with blanks, spaces and NA) is numeric unless a thousands comma is unsettled.
            const unsettled = written.some((w) => w.includes(",")) && !written.some((w) => /,\d{3},|,\d{3}\./.test(w));
            if (numbers.some((n) => n !== null) && !unsettled)
              expect(isNumeric, `${meta.name}: ${meta.typing?.reason}`).toBe(true);
            if (!isNumeric) return;
            const present = numbers.filter((n): n is number => n !== null);
            const col = `"${meta.sqlName}"`;
            const [min, max, sum, count] = ctx.db
              .prepare(`SELECT MIN(${col}), MAX(${col}), SUM(${col}), COUNT(${col}) FROM "${table.sqlName}"`)
              .raw(true)
              .get() as [number | null, number | null, number | null, number];
            expect(count).toBe(present.length);
            if (present.length === 0) return;
            expect(min).toBe(Math.min(...present));
            expect(max).toBe(Math.max(...present));
            const exact = present.reduce((a, b) => a + b, 0);
            const scale = present.reduce((a, b) => a + Math.abs(b), 0);
            expect(Math.abs((sum as number) - exact)).toBeLessThanOrEqual(scale * 1e-12);
            const ordered = ctx.db
              .prepare(`SELECT ${col} FROM "${table.sqlName}" WHERE ${col} IS NOT NULL ORDER BY ${col}`)
              .raw(true)
              .all()
              .map((r) => Number((r as unknown[])[0]));
            expect(ordered).toEqual([...present].sort((a, b) => a - b));
          });
        });
      }),
      { numRuns: 40, seed: 36 },
    );
  });
});
