import type { ColumnMeta } from "../model/dataset";
import type { ColumnDescription, ColumnProfile, ProfileValue } from "../model/index-types";
import { displayName, expandName, type ExpandOptions } from "../text/expand-name";
import { formatNumber, formatPercent, quote } from "./format";

function show(v: ProfileValue, isText: boolean): string {
  if (typeof v === "number") return formatNumber(v);
  return isText ? quote(v) : v;
}

function typePhrase(p: ColumnProfile): string {
  const range =
    p.min !== null && p.max !== null && p.min !== p.max ? ` from ${show(p.min, false)} to ${show(p.max, false)}` : "";
  switch (p.type) {
    case "integer":
      return `an integer${range}`;
    case "real":
      return `a decimal number${range}`;
    case "date":
      return `a date${range}`;
    case "boolean":
      return "a yes/no value";
    case "binary":
      return p.min !== null && p.max !== null && p.min !== p.max
        ? `binary data of ${show(p.min, false)} to ${show(p.max, false)} bytes`
        : p.min !== null
          ? `binary data of ${show(p.min, false)} byte${p.min === 1 ? "" : "s"}`
          : "binary data";
    default: {
      const lo = p.shortest?.length ?? 0;
      const hi = p.longest?.length ?? 0;
      if (hi === 0) return "text";
      return lo === hi ? `text of ${lo} character${lo === 1 ? "" : "s"}` : `text of ${lo} to ${hi} characters`;
    }
  }
}

function spreadPhrase(p: ColumnProfile): string {
  if (p.rowCount === 0) return "no rows yet";
  if (p.distinctCount === 0) return "always empty";
  // How many distinct sizes bytes have says nothing; whether they are there does.
  if (p.type === "binary") return p.nullCount > 0 ? `missing in ${formatPercent(p.nullShare)} of rows` : "in every row";
  const about = p.distinctEstimated ? "about " : "";
  if (p.distinctCount === 1) return `always ${show(p.topValues[0]?.value ?? "", p.type === "text")}`;
  if (!p.distinctEstimated && p.distinctCount === p.rowCount) return "unique in every row";
  const missing = p.nullCount > 0 ? `, missing in ${formatPercent(p.nullShare)} of rows` : "";
  return (
    `unique in ${formatPercent(p.uniqueness)} of rows (${about}${formatNumber(p.distinctCount)} distinct ` +
    `values${p.distinctEstimated ? ", estimated" : ""})${missing}`
  );
}

function examplesPhrase(p: ColumnProfile): string {
  if (p.type === "binary") return "";
  const isText = p.type === "text";
  const shown = p.topValues.map((t) => show(t.value, isText));
  // A text column's extremes say more about its format than three arbitrary unique values.
  if (isText && p.shortest && p.longest && p.longest.length > p.shortest.length + 3) {
    for (const s of [p.shortest, p.longest]) if (!p.topValues.some((t) => t.value === s)) shown.push(quote(s));
  }
  return shown.length && p.distinctCount > 1 ? `; e.g. ${shown.join(", ")}` : "";
}

/**
 * One deterministic sentence about a column from its expanded name, type and profile
 * ("Number of test takers: an integer from 0 to 900, unique in 12% of rows (…); e.g. 14, 30, 102.").
 * It stands in for FGTR's LLM-written schema description when no model is configured.
 */
export function describeColumn(
  table: string,
  column: Pick<ColumnMeta, "name" | "sqlName">,
  profile: ColumnProfile,
  options: ExpandOptions = {},
): ColumnDescription {
  const expanded = expandName(column.name, options).text || column.name;
  // The sentence is read by people: an abbreviation the word list cannot settle stays as written.
  const shown = displayName(column.name, { ...options, sureOnly: true });
  const sentence = `${shown}: ${typePhrase(profile)}, ${spreadPhrase(profile)}${examplesPhrase(profile)}.`;
  return { table, column: column.sqlName, expandedName: expanded, description: sentence };
}
