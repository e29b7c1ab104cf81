import type { TableMeta } from "../model/dataset";
import type { TableDescription } from "../model/index-types";
import { displayName, expandName, type ExpandOptions } from "../text/expand-name";
import { formatNumber } from "./format";

const LISTED_COLUMNS = 12;

/**
 * One deterministic sentence about a table: its expanded name, size, key and the columns it
 * holds, read as words ("Sat scores (satscores): 2,131 rows and 11 columns, one row per county
 * district school; columns: …").
 */
export function describeTable(
  table: Pick<TableMeta, "name" | "rowCount" | "columns">,
  primaryKey: string[] = [],
  options: ExpandOptions = {},
): TableDescription {
  const expanded = expandName(table.name, options).text || table.name;
  // The sentence is read by people: an abbreviation the word list cannot settle stays as written.
  const shown: ExpandOptions = { ...options, sureOnly: true };
  const keys = primaryKey.length ? primaryKey : table.columns.filter((c) => c.isPrimaryKey).map((c) => c.sqlName);
  const keyNames = keys.map((k) => {
    const col = table.columns.find((c) => c.sqlName === k);
    return expandName(col?.name ?? k, shown).text;
  });
  const names = table.columns.slice(0, LISTED_COLUMNS).map((c) => expandName(c.name, shown).text || c.name);
  const more = table.columns.length > LISTED_COLUMNS ? ` and ${table.columns.length - LISTED_COLUMNS} more` : "";
  const head = displayName(table.name, shown);
  const alias = head.toLowerCase() === table.name.toLowerCase() ? "" : ` (${table.name})`;
  const key = keyNames.length ? `, one row per ${keyNames.join(" and ")}` : "";
  const rows = `${formatNumber(table.rowCount)} ${table.rowCount === 1 ? "row" : "rows"}`;
  const cols = `${table.columns.length} ${table.columns.length === 1 ? "column" : "columns"}`;
  return {
    table: table.name,
    expandedName: expanded,
    description: `${head}${alias}: ${rows} and ${cols}${key}; columns: ${names.join(", ")}${more}.`,
  };
}
