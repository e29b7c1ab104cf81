import type { ColumnType } from "../../model/dataset";
import type { ColumnProfile, SchemaGraph } from "../../model/index-types";
import { LABEL_WORDS, CODE_WORDS, DATE_WORDS, PROSE_WORDS } from "../lang/en/column-roles";

/**
 * What a column is for, read from its name, type, values and the schema graph — the reading an
 * analyst makes of an unfamiliar schema before writing a query:
 * - `identifier`: names one row of its own table (a key); counted, never summed or averaged;
 * - `reference`: points at another table's row (a foreign key); joined on, never aggregated;
 * - `measure`: a quantity; summed, averaged, compared and ordered;
 * - `date`: a point in time (a date, a timestamp, a year); compared and cut into years and months;
 * - `label`: names its row for a person (a name, a title); shown as the answer to "which …";
 * - `category`: a small set of repeated values (a country, a status); filtered and grouped by;
 * - `code`: digits that are not a quantity (a postal code, a phone number); matched, never summed;
 * - `text`: anything else.
 */
export type ColumnRole = "identifier" | "reference" | "measure" | "date" | "label" | "category" | "code" | "text";

/** What `columnRole` reads of a column. */
export type RoleInput = {
  table: string;
  column: string;
  type: ColumnType;
  /** Expanded-name words, lowercase ("unit", "price"). */
  words: readonly string[];
  isPrimaryKey: boolean;
  keyLike: boolean;
  numericText: boolean;
  profile?: Pick<ColumnProfile, "distinctCount" | "uniqueness" | "rowCount" | "topValues" | "min" | "max"> | null;
};

/** Values that read as names: letters and spaces, no digits, short (a description is not a name). */
function namesItsRows(c: RoleInput): boolean {
  const values = (c.profile?.topValues ?? []).map((t) => String(t.value));
  if (!values.length) return false;
  const named = values.filter(
    (v) => /^\p{L}[\p{L} .,'&()-]*$/u.test(v) && v.length <= 60 && (v.includes(" ") || v.length >= 4),
  );
  return named.length / values.length >= 0.6;
}

const ISO_DATE = /^\d{4}-\d{2}(-\d{2})?([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?)?$/;

const numeric = (c: RoleInput) => c.type === "integer" || c.type === "real" || c.numericText;

/** Keys of columns that point at another table: declared foreign keys, curated and accepted joins. */
export function referenceColumns(graph: SchemaGraph | null | undefined): Set<string> {
  const out = new Set<string>();
  if (!graph) return out;
  const unique = new Set(graph.nodes.filter((n) => n.isPrimaryKey).map((n) => n.id));
  for (const e of graph.edges) {
    const joins = e.kind === "foreign_key" || e.kind === "join" || (e.kind === "discovered" && e.join?.passes);
    if (!joins) continue;
    // The side that is not the other's key is the reference; with both keys (1-to-1) neither is.
    if (!unique.has(e.source)) out.add(e.source);
    if (!unique.has(e.target)) out.add(e.target);
  }
  return out;
}

function looksLikeYear(c: RoleInput): boolean {
  const { min, max } = c.profile ?? {};
  return (
    c.type === "integer" &&
    typeof min === "number" &&
    typeof max === "number" &&
    min >= 1000 &&
    max <= 2200 &&
    c.words.some((w) => w === "year" || w === "yr" || w === "season")
  );
}

function looksLikeDateText(c: RoleInput): boolean {
  const tops = c.profile?.topValues ?? [];
  return tops.length > 0 && tops.every((t) => typeof t.value === "string" && ISO_DATE.test(t.value.trim()));
}

/**
 * The role of one column (see ColumnRole). `isReference` says whether the schema graph joins it
 * to another table's key (referenceColumns).
 */
export function columnRole(c: RoleInput, isReference: boolean): ColumnRole {
  const words = c.words.map((w) => w.toLowerCase());
  const last = words[words.length - 1] ?? "";
  const uniqueness = c.profile?.uniqueness ?? 0;
  // A key written as a name ("Classic Cars", "Planes") is read by people as the name.
  if (c.isPrimaryKey) return c.type === "text" && namesItsRows(c) ? "label" : "identifier";
  if (isReference) return "reference";
  if (c.type === "date" || looksLikeYear(c) || (c.type === "text" && looksLikeDateText(c))) return "date";
  if (words.some((w) => CODE_WORDS.has(w))) return "code";
  if (c.keyLike) return uniqueness >= 0.98 ? "identifier" : "reference";
  if (numeric(c)) return DATE_WORDS.has(last) && c.type !== "real" ? "date" : "measure";
  if (c.type === "boolean") return "category";
  if (words.some((w) => LABEL_WORDS.has(w))) return "label";
  const distinct = c.profile?.distinctCount ?? 0;
  if (distinct > 0 && (distinct <= 30 || uniqueness < 0.2)) return "category";
  if (uniqueness >= 0.9 && !words.some((w) => PROSE_WORDS.has(w)) && namesItsRows(c)) return "label";
  return "text";
}

/** Roles that are never summed or averaged. */
export function isKeyRole(role: ColumnRole | undefined): boolean {
  return role === "identifier" || role === "reference" || role === "code";
}

/** Whether an aggregate may apply to a column of this role (COUNT applies to any). */
export function aggregates(role: ColumnRole | undefined, fn: "count" | "sum" | "avg" | "min" | "max"): boolean {
  if (fn === "count" || role === undefined) return true;
  if (fn === "sum" || fn === "avg") return role === "measure";
  // MIN/MAX of a name is the alphabetically first, which nobody means by "the most expensive".
  return role === "measure" || role === "date";
}
