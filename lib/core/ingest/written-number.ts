/**
 * Numbers as files write them. A cell such as `9970610.0`, `0.0000967`, `+3`, ` 42` or `1,234,567`
 * is a number SQL should compare and sum, yet printing that number (`9970610`) is not what the file
 * wrote. `readWrittenNumber` reads the number and says how it was written; `formatWritten` prints a
 * number in a column's written form (its fixed decimals, its thousands separators), so a column
 * whose cells all follow one form needs no per-cell text at all (see column-typing.ts).
 */

/** How a number was written, as `readWrittenNumber` fills it in (one object reused per column). */
export type NumberReading = {
  value: number;
  /** Written with a decimal point or an exponent: stored as REAL even when whole ("5.0"). */
  real: boolean;
  /**
   * Digits after the point of a plainly written number ("9970610.0" → 1, "42" → 0, "1,234.50" → 2):
   * an optional minus, no leading zero, no exponent, no surrounding space. -1 for any other form.
   */
  decimals: number;
  /** Written with comma thousands separators ("1,234"). */
  grouped: boolean;
  /** Groups that settle the comma as a thousands separator: two or more ("1,234,567"), or a point after them. */
  groupingProven: boolean;
  /** Digits written (integer and fraction): up to 15 always print back with `decimals` fixed places. */
  digits: number;
  /** The fraction ends in a zero ("2.50"): a place `String(n)` would not print. */
  trailingZero: boolean;
};

export const newReading = (): NumberReading => ({
  value: 0,
  real: false,
  decimals: -1,
  grouped: false,
  groupingProven: false,
  digits: 0,
  trailingZero: false,
});

/** How a numeric column's numbers are printed to give back what the file wrote. */
export type WrittenForm = {
  /** Every number with this many places ("9970610.0": 1); absent: as short as prints back exactly. */
  decimals?: number;
  /** Thousands separated by commas ("1,234,567"). */
  grouping?: boolean;
};

/** Most digits of an integer read as a number: longer ones are identifiers (a number would round them). */
export const MAX_INTEGER_DIGITS = 15;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isPad = (c: number) => c === 32 || c === 9;

/**
 * Reads `raw` as a number when it is one written in a common way: an optional sign, digits with
 * optional comma thousands groups, an optional fraction, an optional exponent, and optional spaces
 * around it. Not numbers (the caller keeps them as text): integers with a leading zero ("007",
 * "0012.5": codes), integers of more than 15 digits (identifiers), "1,23" or "12,345,67" (not
 * thousands groups), "Infinity", "NaN", hexadecimal. Fills `out` and returns true for a number.
 */
export function readWrittenNumber(raw: string, out: NumberReading): boolean {
  let start = 0;
  let end = raw.length;
  while (start < end && isPad(raw.charCodeAt(start))) start++;
  while (end > start && isPad(raw.charCodeAt(end - 1))) end--;
  if (start === end) return false;
  let i = start;
  let c = raw.charCodeAt(i);
  const negative = c === 45;
  const signed = negative || c === 43;
  if (signed) i++;
  // Integer part, with comma groups of exactly three digits after a head of one to three.
  const intStart = i;
  let intDigits = 0;
  let groups = 0;
  let headDigits = 0;
  for (; i < end; i++) {
    c = raw.charCodeAt(i);
    if (isDigit(c)) {
      intDigits++;
      continue;
    }
    if (c !== 44) break;
    if (groups === 0) headDigits = intDigits;
    else if (intDigits - headDigits !== 3 * groups) return false;
    if (headDigits < 1 || headDigits > 3) return false;
    groups++;
  }
  if (groups > 0 && intDigits - headDigits !== 3 * groups) return false;
  if (intDigits > 1 && raw.charCodeAt(intStart) === 48) return false; // "007", "0,123"
  // Fraction.
  let fracDigits = -1;
  let lastFrac = 0;
  if (i < end && raw.charCodeAt(i) === 46) {
    i++;
    fracDigits = 0;
    while (i < end && isDigit((c = raw.charCodeAt(i)))) {
      fracDigits++;
      lastFrac = c;
      i++;
    }
  }
  if (intDigits === 0 && fracDigits <= 0) return false;
  // Exponent.
  let exponent = false;
  if (i < end && (raw.charCodeAt(i) | 32) === 101) {
    i++;
    if (i < end && (raw.charCodeAt(i) === 43 || raw.charCodeAt(i) === 45)) i++;
    const from = i;
    while (i < end && isDigit(raw.charCodeAt(i))) i++;
    if (i === from || i - from > 4) return false;
    exponent = true;
  }
  if (i !== end) return false;
  if (fracDigits < 0 && !exponent && intDigits > MAX_INTEGER_DIGITS) return false;
  const text =
    groups > 0
      ? raw.slice(start, end).replaceAll(",", "")
      : start > 0 || end < raw.length
        ? raw.slice(start, end)
        : raw;
  const value = Number(text);
  if (!Number.isFinite(value)) return false;
  out.value = value === 0 ? 0 : value; // -0 is stored as 0; its text is kept as written
  out.real = fracDigits >= 0 || exponent;
  out.grouped = groups > 0;
  out.groupingProven = groups > 1 || (groups > 0 && fracDigits >= 0);
  out.digits = intDigits + Math.max(fracDigits, 0);
  const plain =
    !exponent && !(signed && !negative) && intDigits > 0 && fracDigits !== 0 && start === 0 && end === raw.length;
  // "-0", "-0.0": the number is 0, which no form prints with a minus.
  out.decimals = plain && !(negative && value === 0) ? Math.max(fracDigits, 0) : -1;
  out.trailingZero = fracDigits > 0 && lastFrac === 48;
  return true;
}

/**
 * True when a plainly written number of at most 15 digits prints back as written by
 * `String(n)`: no trailing zero after the point, and within the range JavaScript prints without an
 * exponent. Saves printing every cell of a large file.
 */
export function printsShortest(reading: NumberReading): boolean {
  if (reading.decimals === 0) return true;
  const magnitude = Math.abs(reading.value);
  return !reading.trailingZero && magnitude >= 1e-6 && magnitude < 1e21;
}

const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * `readWrittenNumber` for the most common written number, read straight from UTF-8 bytes [start,
 * end) without making a string: a plain decimal (an optional minus, digits without a leading zero,
 * a point, digits) of at most 15 digits. Its value is the digits as an integer divided by a power
 * of ten, both exact, so the one division is correctly rounded, as `Number(text)` is. False for
 * any other form (the caller decodes the text), and for "-0.0".
 */
export function decimalFromBytes(bytes: Uint8Array, start: number, end: number, out: NumberReading): boolean {
  let i = start;
  const negative = bytes[i] === 45;
  if (negative) i++;
  const intStart = i;
  let mantissa = 0;
  let c = 0;
  while (i < end && (c = bytes[i] - 48) >= 0 && c <= 9) {
    mantissa = mantissa * 10 + c;
    i++;
  }
  const intDigits = i - intStart;
  if (intDigits === 0 || (intDigits > 1 && bytes[intStart] === 48) || i >= end || bytes[i] !== 46) return false;
  const fracStart = ++i;
  while (i < end && (c = bytes[i] - 48) >= 0 && c <= 9) {
    mantissa = mantissa * 10 + c;
    i++;
  }
  const decimals = i - fracStart;
  const digits = intDigits + decimals;
  if (decimals === 0 || i !== end || digits > 15 || (negative && mantissa === 0)) return false;
  const value = mantissa / POW10[decimals];
  out.value = negative ? -value : value;
  out.real = true;
  out.decimals = decimals;
  out.grouped = false;
  out.groupingProven = false;
  out.digits = digits;
  out.trailingZero = bytes[end - 1] === 48;
  return true;
}

/** The text of a plainly written number of at most 15 digits, from its reading (it prints back exactly). */
export function plainText(reading: NumberReading): string {
  return reading.decimals > 0 ? reading.value.toFixed(reading.decimals) : String(reading.value);
}

/** Commas between thousands in the integer part of a printed number (not in an exponent form). */
function groupThousands(s: string): string {
  if (s.includes("e")) return s;
  const sign = s.charCodeAt(0) === 45 ? "-" : "";
  const body = sign ? s.slice(1) : s;
  const point = body.indexOf(".");
  const int = point < 0 ? body : body.slice(0, point);
  if (int.length <= 3) return s;
  let grouped = int.slice(0, int.length % 3 || 3);
  for (let i = grouped.length; i < int.length; i += 3) grouped += `,${int.slice(i, i + 3)}`;
  return sign + grouped + (point < 0 ? "" : body.slice(point));
}

/** A number printed in a column's written form: what the file wrote for every cell that follows it. */
export function formatWritten(value: number, form: WrittenForm | undefined): string {
  const printed = form?.decimals !== undefined && Math.abs(value) < 1e21 ? value.toFixed(form.decimals) : String(value);
  return form?.grouping ? groupThousands(printed) : printed;
}

const MISSING = new Set(["na", "n/a", "nan", "null", "none", "#n/a", "#null!", "#div/0!", "#value!", "#ref!", "#num!"]);

/**
 * True for the words files write for a missing number (`NA`, `N/A`, `NaN`, `null`, `None`, and a
 * spreadsheet's error values `#N/A`, `#DIV/0!`, `#VALUE!`…, any case): in a column of numbers such a
 * cell is empty to SQL and shown as written.
 */
export function isMissingMarker(raw: string): boolean {
  return raw.length <= 8 && MISSING.has(raw.trim().toLowerCase());
}

/** True when a cell holds only white space (and is not empty): empty to SQL, shown as written. */
export function isOnlySpace(raw: string): boolean {
  if (raw.length === 0) return false;
  const first = raw.charCodeAt(0);
  return (first <= 32 || first >= 0xa0) && raw.trim() === "";
}
