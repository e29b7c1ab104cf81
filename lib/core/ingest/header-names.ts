/** A header grid cell: its text, or null when empty (or covered by a merged cell). */
export type HeaderCell = string | null | undefined;

const clean = (v: HeaderCell) => {
  const t = (v ?? "").replace(/\s+/g, " ").trim();
  return t === "" ? null : t;
};

/**
 * Joins the header rows above each column into one name, `top / middle / leaf`. A label in an upper
 * row covers the empty cells to its right (how a merged cell looks once saved as CSV, or how a
 * spreadsheet leaves the cells a merge covers), up to the next label in that row or in any row above.
 * Repeated parts are written once.
 */
export function composeHeaderNames(rows: HeaderCell[][], width: number): string[] {
  const filled: Array<Array<string | null>> = [];
  for (const [r, row] of rows.entries()) {
    const out: Array<string | null> = [];
    let carry: string | null = null;
    for (let c = 0; c < width; c++) {
      const own = clean(row[c]);
      // A new label above (or at the left edge) ends the span of this row's label.
      const boundary = c === 0 || filled.some((above) => above[c] !== above[c - 1]);
      if (own !== null) carry = own;
      else if (boundary) carry = null;
      out.push(own ?? (r < rows.length - 1 ? carry : null));
    }
    filled.push(out);
  }
  return Array.from({ length: width }, (_, c) => {
    const parts: string[] = [];
    for (const row of filled) {
      const text = row[c];
      if (text && !parts.includes(text)) parts.push(text);
    }
    return parts.join(" / ");
  });
}
