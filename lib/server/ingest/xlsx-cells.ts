import "server-only";

/** What cell conversion dropped, so the importer can tell the user. */
export type CellStats = { formulasWithoutResult: number; errorCells: number };

export const newCellStats = (): CellStats => ({ formulasWithoutResult: 0, errorCells: 0 });

/** A cell as the sheet's XML wrote it: its type (`t`), style index (`s`), value text and formula flag. */
export type RawCell = { type: string; style: number; value: string | null; formula: boolean };

/** What reading a cell needs from the workbook: its shared strings, date styles and date system. */
export type CellContext = { sharedStrings: readonly string[]; dateStyles: ReadonlySet<number>; date1904: boolean };

/**
 * Reduces a cell to text or a number: formulas give their cached result (nothing is calculated),
 * shared and inline strings their text (rich text runs joined), booleans "true"/"false", numbers
 * in a date style an ISO date, errors nothing.
 */
export function plainValue(cell: RawCell, workbook: CellContext, stats?: CellStats): string | number | null {
  if (cell.type === "e") {
    if (stats) stats.errorCells++;
    return null;
  }
  if (cell.value === null) {
    if (cell.formula && stats) stats.formulasWithoutResult++;
    return null;
  }
  switch (cell.type) {
    case "s": {
      const text = workbook.sharedStrings[Number(cell.value)];
      return text === undefined ? null : text;
    }
    case "inlineStr":
    case "str":
      return cell.value;
    case "b":
      return Number(cell.value) !== 0 ? "true" : "false";
    case "d":
      return cell.value;
    default: {
      const n = Number(cell.value);
      if (cell.value.trim() === "" || !Number.isFinite(n)) return null;
      return workbook.dateStyles.has(cell.style) ? isoFromExcelSerial(n, workbook.date1904) : n;
    }
  }
}

/** Text shown in a header cell; null when the cell is empty. */
export function headerText(plain: string | number | null): string | null {
  if (plain === null) return null;
  const text = String(plain).replace(/\s+/g, " ").trim();
  return text === "" ? null : text;
}

/**
 * An Excel serial date as ISO text: the wall-clock date and time Excel shows (no time zone). Binary
 * floating point leaves times a millisecond off, so they are rounded to the second when that close.
 */
function isoFromExcelSerial(serial: number, date1904 = false): string | null {
  let ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
  const whole = Math.round(ms / 1000) * 1000;
  if (Math.abs(whole - ms) <= 1) ms = whole;
  const iso = new Date(ms).toISOString();
  const day = iso.slice(0, 10);
  const time = iso.endsWith(".000Z") ? iso.slice(11, 19) : iso.slice(11, 23);
  // Serial numbers below 1 are times of day without a date.
  if (day === "1899-12-30") return time;
  return time === "00:00:00" ? day : `${day}T${time}`;
}
