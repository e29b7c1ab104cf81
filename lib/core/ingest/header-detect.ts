import { looksNumeric } from "./infer-type";

/** A cell of the top of a sheet: its own value (null when empty or covered by a merged cell). */
export type LayoutValue = string | number | null;
/** A merged range, zero-based and inclusive. */
export type Span = { top: number; left: number; bottom: number; right: number };

/** The header rows and row-label columns detected, with the structural reasons in words. */
export type HeaderGuess = { headerRows: number; labelColumns: number; reasons: string[] };

/** Header depths the app supports (the dataset page offers 1–6). */
export const MAX_HEADER_ROWS = 6;

type Kind = "empty" | "number" | "text";

const NEUTRAL = /^(-|–|—|n\/?a|nm|\*)$/i;

/** Number-like after dropping what financial tables wrap numbers in: currency, parentheses, %, footnote marks. */
function kindOf(v: LayoutValue): Kind {
  if (v === null) return "empty";
  if (typeof v === "number") return "number";
  const t = v.trim();
  if (t === "" || NEUTRAL.test(t)) return "empty";
  const bare = t
    .replace(/\s*\([a-z0-9]\)$/i, "") // footnote mark
    .replace(/^[($€£¥\s]+|[)%¢‰\s]+$/g, "");
  if (bare === "" || NEUTRAL.test(bare)) return "empty";
  return looksNumeric(bare) ? "number" : "text";
}

const isHorizontal = (m: Span) => m.right > m.left;

/** The body's kind per column, from rows well below any plausible header. */
function bodyProfile(kinds: Kind[][], width: number): Array<Kind | null> {
  const from = kinds.length > 2 * MAX_HEADER_ROWS ? MAX_HEADER_ROWS + 1 : Math.floor(kinds.length / 2);
  return Array.from({ length: width }, (_, c) => {
    let numbers = 0;
    let texts = 0;
    for (let r = from; r < kinds.length; r++) {
      if (kinds[r][c] === "number") numbers++;
      else if (kinds[r][c] === "text") texts++;
    }
    if (numbers + texts === 0) return null;
    return numbers >= texts ? "number" : "text";
  });
}

/**
 * A text label that repeats in the next cell of its row over columns of numbers: a merged label
 * written out in every cell. (Repeats over text columns are ordinary data, e.g. the same date twice.)
 */
function repeatsAcross(row: LayoutValue[], from: number, body: Array<Kind | null>): boolean {
  for (let c = from; c + 1 < row.length; c++) {
    const v = row[c];
    if (typeof v !== "string" || kindOf(v) !== "text" || v !== row[c + 1]) continue;
    if (body[c] === "number" && body[c + 1] === "number") return true;
  }
  return false;
}

/**
 * Detects how many top rows of a table are its header and how many leading columns hold row
 * labels, from structure only: a label merged across columns heads the row under it; a label
 * written out in several adjacent cells is a merged label saved without its merge; text over
 * columns whose body is numeric is a header; an empty block at the top-left over the row labels
 * spans the header rows; a label merged down from the top spans them too.
 * `rows` should be the top of the table (a few dozen rows is enough). `plainText` (CSV) asks for
 * stronger evidence below the first row, since a text file has no merges to tell a header by: only
 * sub-labels under a repeated label, or an empty top-left block that starts at the top.
 */
export function detectHeader(
  rows: LayoutValue[][],
  merges: Span[] = [],
  options: { plainText?: boolean } = {},
): HeaderGuess {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const grid = rows.map((r) => Array.from({ length: width }, (_, c) => r[c] ?? null));
  if (grid.length <= 1 || width === 0) return { headerRows: 1, labelColumns: 0, reasons: [] };
  const kinds = grid.map((r) => r.map(kindOf));
  // The body's profile sees a merged cell's value in every cell it covers (a row label merged down).
  const resolved = kinds.map((r) => [...r]);
  for (const m of merges) {
    for (let r = m.top; r <= Math.min(m.bottom, grid.length - 1); r++) {
      for (let c = m.left; c <= Math.min(m.right, width - 1); c++)
        if (m.top < grid.length) resolved[r][c] = kinds[m.top][m.left];
    }
  }
  const body = bodyProfile(resolved, width);
  let labelColumns = 0;
  while (labelColumns < width - 1 && body[labelColumns] === "text") labelColumns++;
  const valueColumns = Array.from({ length: width - labelColumns }, (_, i) => labelColumns + i);
  const covered = (r: number, c: number) =>
    merges.some((m) => m.top < r && r <= m.bottom && m.left <= c && c <= m.right);
  const topMerges = merges.filter(
    (m) => m.top < MAX_HEADER_ROWS && !(m.left === 0 && m.right === width - 1 && m.top === m.bottom),
  );
  const reasons = new Set<string>();

  const headerLike = (r: number): string | null => {
    const row = grid[r];
    if (merges.some((m) => m.top === r && m.left === 0 && m.right === width - 1 && width > 1))
      return "a title merged across the table";
    if (topMerges.some((m) => isHorizontal(m) && m.top === r && m.right >= labelColumns))
      return "a label merged across columns";
    if (repeatsAcross(row, labelColumns, body)) return "a label repeated across adjacent columns";
    // Text where the body holds numbers marks a header cell; a row below the first needs no cell
    // that reads like the body, so a data row with one odd text value is not taken for a header.
    let textOverNumbers = 0;
    let matching = 0;
    for (const c of valueColumns) {
      if (kinds[r][c] === "empty" || body[c] === null) continue;
      if (kinds[r][c] === "text" && body[c] === "number") textOverNumbers++;
      else if (kinds[r][c] === body[c]) matching++;
    }
    const unlikeBody =
      r === 0 ? textOverNumbers > 0 && textOverNumbers >= matching : textOverNumbers >= 2 && matching === 0;
    const under = topMerges.some((m) => isHorizontal(m) && m.bottom === r - 1 && m.right >= labelColumns);
    const underRepeat = r > 0 && repeatsAcross(grid[r - 1], labelColumns, body);
    const labelsEmpty =
      labelColumns > 0 && kinds[r].slice(0, labelColumns).every((k) => k === "empty") && !covered(r, 0);
    if ((under || underRepeat) && (labelsEmpty || unlikeBody)) return "the row of sub-labels under a merged label";
    if (
      merges.some(
        (m) =>
          m.top === 0 && m.bottom >= r && m.bottom > m.top && m.bottom < MAX_HEADER_ROWS && m.bottom < grid.length - 1,
      )
    ) {
      return "a label merged down from the top";
    }
    if (labelsEmpty && valueColumns.some((c) => kinds[r][c] !== "empty"))
      return "an empty top-left block over the row labels";
    if (unlikeBody) return "text above columns of numbers";
    return null;
  };

  let headerRows = 0;
  const limit = Math.min(MAX_HEADER_ROWS, grid.length - 1);
  const strong = new Set(["the row of sub-labels under a merged label", "an empty top-left block over the row labels"]);
  let cornerFromTop = false;
  while (headerRows < limit) {
    const why = headerLike(headerRows);
    if (!why) break;
    if (headerRows === 0) cornerFromTop = why === "an empty top-left block over the row labels";
    const weak = !strong.has(why) || (why === "an empty top-left block over the row labels" && !cornerFromTop);
    if (options.plainText && headerRows > 0 && weak) break;
    reasons.add(why);
    headerRows++;
  }
  return { headerRows: Math.max(1, headerRows), labelColumns, reasons: [...reasons] };
}

/** One sentence for the table notes saying what was detected and why. */
export function describeHeaderGuess(guess: HeaderGuess, where: string): string {
  const rows = guess.headerRows === 1 ? "1 header row" : `${guess.headerRows} header rows`;
  const why = guess.reasons.length ? ` (${guess.reasons.join("; ")})` : "";
  const labels = guess.labelColumns ? `; ${guess.labelColumns} leading column(s) hold row labels` : "";
  return (
    `Detected ${rows} in ${where}${why}${labels}. Column names join the header cells above them as "top / ` +
    `leaf"; change the header depth on the dataset page if this is wrong.`
  );
}
