import "server-only";
import { type CellStats, plainValue } from "./xlsx-cells";
import { type Between, openPart, type WorkbookSheet, type XlsxPackage } from "./xlsx-package";
import { attribute, parseXmlStream } from "./xlsx-xml";

/** One row as the sheet wrote it: its 1-based number and its non-empty cells by 1-based column. */
export type SheetRow = { row: number; cells: Array<{ column: number; value: string | number }> };

/** A merged range in 1-based sheet coordinates, inclusive. */
export type SheetRect = { top: number; left: number; bottom: number; right: number };

/** "B12" → { column: 2, row: 12 } (`$` allowed); null when it is not a cell reference. Runs once per cell. */
function parseCellRef(ref: string): { column: number; row: number } | null {
  let i = 0;
  let column = 0;
  let row = 0;
  if (ref.charCodeAt(i) === 36) i++;
  for (; i < ref.length; i++) {
    const ch = ref.charCodeAt(i) & ~32; // upper case
    if (ch < 65 || ch > 90) break;
    column = column * 26 + (ch - 64);
  }
  if (ref.charCodeAt(i) === 36) i++;
  const digits = i;
  for (; i < ref.length; i++) {
    const d = ref.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return null;
    row = row * 10 + d;
  }
  return column > 0 && column <= 16_384 && i > digits && row > 0 ? { column, row } : null;
}

function parseRange(ref: string): SheetRect | null {
  const [a, b = a] = ref.split(":");
  const from = parseCellRef(a);
  const to = parseCellRef(b);
  if (!from || !to) return null;
  return {
    top: Math.min(from.row, to.row),
    left: Math.min(from.column, to.column),
    bottom: Math.max(from.row, to.row),
    right: Math.max(from.column, to.column),
  };
}

/**
 * Streams one worksheet's rows in order. Rows finished within a chunk are handed to `onRows`
 * after the chunk (which may wait, e.g. for the writer), then `between` runs; either may throw to
 * stop reading. Blank and whitespace-only cells are left out. Returns the sheet's merged ranges,
 * which the format puts after the cells.
 */
export async function streamSheet(
  pkg: XlsxPackage,
  sheet: WorkbookSheet,
  onRows: (rows: SheetRow[]) => void | Promise<void>,
  between: Between,
  stats?: CellStats,
): Promise<SheetRect[]> {
  const merges: SheetRect[] = [];
  let done: SheetRow[] = [];
  let row: SheetRow | null = null;
  let lastRow = 0;
  let lastColumn = 0;
  // The cell being read: its raw parts; `text` collects <v> or an inline string's <t> runs.
  let cell: { column: number; type: string; style: number; formula: boolean; value: string[] | null } | null = null;
  let collecting = false;
  let phonetic = 0;
  await parseXmlStream(
    await openPart(pkg, sheet.part),
    {
      open(name, attrs) {
        switch (name) {
          case "row": {
            const r = Number(attrs.r);
            lastRow = Number.isInteger(r) && r > lastRow ? r : lastRow + 1;
            row = { row: lastRow, cells: [] };
            lastColumn = 0;
            break;
          }
          case "c": {
            if (!row) break;
            const ref = attrs.r ? parseCellRef(attrs.r) : null;
            lastColumn = ref && ref.column > lastColumn ? ref.column : lastColumn + 1;
            cell = {
              column: lastColumn,
              type: attrs.t ?? "n",
              style: Number(attrs.s ?? 0),
              formula: false,
              value: null,
            };
            break;
          }
          case "f":
            if (cell) cell.formula = true;
            break;
          case "v":
            if (cell) {
              cell.value = [];
              collecting = true;
            }
            break;
          case "rPh":
            phonetic++;
            break;
          case "t":
            if (cell && phonetic === 0) {
              cell.value ??= [];
              collecting = true;
            }
            break;
          case "mergeCell": {
            const rect = parseRange(attribute(attrs, "ref") ?? "");
            if (rect && (rect.bottom > rect.top || rect.right > rect.left)) merges.push(rect);
            break;
          }
        }
      },
      close(name) {
        if (name === "v" || name === "t") collecting = false;
        else if (name === "rPh") phonetic--;
        else if (name === "c" && cell && row) {
          const value = plainValue(
            { type: cell.type, style: cell.style, formula: cell.formula, value: cell.value?.join("") ?? null },
            pkg,
            stats,
          );
          if (value !== null && (typeof value !== "string" || value.trim() !== ""))
            row.cells.push({ column: cell.column, value });
          cell = null;
        } else if (name === "row" && row) {
          if (row.cells.length) done.push(row);
          row = null;
        }
      },
      text(text) {
        if (collecting && cell?.value) cell.value.push(text);
      },
    },
    async () => {
      if (done.length) {
        const rows = done;
        done = [];
        await onRows(rows);
      }
      await between();
    },
  );
  if (done.length) await onRows(done);
  return merges;
}
