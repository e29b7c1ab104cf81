/**
 * Filters on a table's grid, one per column, as they travel in URLs: `f.<sqlName>=<op>:<text>`.
 * `eq` keeps rows whose value is the text (a number column compares numbers), `has` rows whose
 * value contains the text (case-insensitive), `null` rows without a value. The same codec reads the
 * page's address and the rows API's query, so a filtered grid's link opens the same rows.
 */
type GridFilterOp = "eq" | "has" | "null";
export interface GridFilter {
  /** The column's sqlName. */
  column: string;
  op: GridFilterOp;
  /** The text compared with (empty for `null`). */
  value: string;
}

const FILTER_PREFIX = "f.";
/** Most filters one grid read applies, and the longest text one compares with. */
const MAX_GRID_FILTERS = 20;
const MAX_FILTER_TEXT = 500;

const OPS: readonly GridFilterOp[] = ["eq", "has", "null"];

/** The filters named in a URL's search parameters, in their order; malformed ones are returned as errors. */
export function readGridFilters(params: URLSearchParams): { filters: GridFilter[]; errors: string[] } {
  const filters: GridFilter[] = [];
  const errors: string[] = [];
  for (const [key, raw] of params) {
    if (!key.startsWith(FILTER_PREFIX)) continue;
    const column = key.slice(FILTER_PREFIX.length);
    const colon = raw.indexOf(":");
    const op = (colon < 0 ? raw : raw.slice(0, colon)) as GridFilterOp;
    const value = colon < 0 ? "" : raw.slice(colon + 1);
    if (!column || !OPS.includes(op)) errors.push(`"${key}=${raw}" is not a filter (write f.<column>=eq:<value>)`);
    else if (value.length > MAX_FILTER_TEXT) errors.push(`The filter on "${column}" is longer than ${MAX_FILTER_TEXT}`);
    else if (filters.some((f) => f.column === column)) errors.push(`"${column}" is filtered twice`);
    else filters.push({ column, op, value: op === "null" ? "" : value });
  }
  if (filters.length > MAX_GRID_FILTERS) errors.push(`At most ${MAX_GRID_FILTERS} filters (MAX_GRID_FILTERS)`);
  return { filters, errors };
}

/** Writes filters into search parameters (replacing any there), keeping every other parameter. */
export function writeGridFilters(params: URLSearchParams, filters: readonly GridFilter[]): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of params) if (!k.startsWith(FILTER_PREFIX)) out.append(k, v);
  for (const f of filters) out.set(`${FILTER_PREFIX}${f.column}`, f.op === "null" ? "null" : `${f.op}:${f.value}`);
  return out;
}

/** A filter in words, as the grid's toolbar says it. */
export function filterText(f: GridFilter, columnName: string): string {
  if (f.op === "null") return `${columnName} is empty`;
  return f.op === "eq" ? `${columnName} = ${f.value}` : `${columnName} contains “${f.value}”`;
}
