import type { MergeRange, SheetLayout } from "@/lib/core/model/dataset";

export interface LayoutHeaderCell {
  key: string;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  merged: boolean;
}

/**
 * Turns a sheet's header rows and merges into cells with spans, like a spreadsheet shows them.
 * Grid column c is table column c. Merges reaching into data rows or past the last column are clipped;
 * a merge that overlaps an earlier one is ignored rather than drawn twice.
 */
export function layoutHeaderCells(layout: SheetLayout, columnCount: number): LayoutHeaderCell[] {
  const rowCount = layout.headerRows.length;
  const taken = new Set<string>();
  const masters = new Map<string, MergeRange>();
  const at = (r: number, c: number) => `${r}:${c}`;

  for (const merge of layout.merges) {
    if (merge.top >= rowCount || merge.left >= columnCount) continue;
    const range = {
      top: merge.top,
      left: merge.left,
      bottom: Math.min(merge.bottom, rowCount - 1),
      right: Math.min(merge.right, columnCount - 1),
    };
    if (range.bottom === range.top && range.right === range.left) continue;
    const cells: string[] = [];
    for (let r = range.top; r <= range.bottom; r++)
      for (let c = range.left; c <= range.right; c++) cells.push(at(r, c));
    if (cells.some((cell) => taken.has(cell))) continue;
    cells.forEach((cell) => taken.add(cell));
    masters.set(at(range.top, range.left), range);
  }

  const out: LayoutHeaderCell[] = [];
  for (let r = 0; r < rowCount; r++) {
    for (let c = 0; c < columnCount; c++) {
      const range = masters.get(at(r, c));
      if (!range && taken.has(at(r, c))) continue;
      const rowSpan = range ? range.bottom - range.top + 1 : 1;
      const colSpan = range ? range.right - range.left + 1 : 1;
      out.push({ key: at(r, c), row: r, col: c, rowSpan, colSpan, text: textOf(layout, r, c, range), merged: !!range });
    }
  }
  return out;
}

/** The master cell holds a merge's text; fall back to any cell in the range in case the sheet put it elsewhere. */
function textOf(layout: SheetLayout, row: number, col: number, range: MergeRange | undefined): string {
  const own = layout.headerRows[row]?.[col];
  if (own != null && own !== "") return own;
  if (!range) return "";
  for (let r = range.top; r <= range.bottom; r++) {
    for (let c = range.left; c <= range.right; c++) {
      const value = layout.headerRows[r]?.[c];
      if (value != null && value !== "") return value;
    }
  }
  return "";
}
