// Execution accuracy: the predicted query's result equals the gold query's as a multiset of rows
// (row order and column order ignored; numbers compared as numbers).

type Cell = string | number | null | boolean | bigint;

function norm(v: Cell): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "number" || typeof v === "bigint") return String(Math.round(Number(v) * 1e6) / 1e6);
  const s = String(v).trim();
  if (s !== "" && Number.isFinite(Number(s))) return String(Math.round(Number(s) * 1e6) / 1e6);
  return s.toLowerCase();
}

function canon(rows: Cell[][]): string[] {
  return rows.map((r) => JSON.stringify(r.map(norm).sort())).sort();
}

/** True when both results hold the same rows, each the same values. */
export function sameResult(pred: Cell[][], gold: Cell[][]): boolean {
  if (pred.length !== gold.length) return false;
  const a = canon(pred);
  const b = canon(gold);
  return a.every((x, i) => x === b[i]);
}
