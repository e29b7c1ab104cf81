import type { ColumnType } from "../../model/dataset";
import type { ColumnProfile, SchemaGraph } from "../../model/index-types";
import type { ColumnRole } from "../../model/semantic-model";
import { LABEL_WORDS, CODE_WORDS, DATE_WORDS, PROSE_WORDS } from "../../reasoner/lang/en/column-roles";

/**
 * A column's role (`ColumnRole` in the semantic model) from its name, type, values and the schema
 * graph. The semantic model's inference starts from it and then overrides it with what it found
 * (a label, a flag, a date, a measure with a unit); the reasoner reads the model's roles.
 */

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
export function namesItsRows(c: Pick<RoleInput, "profile">): boolean {
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
 * The role of one column from its name, type and profile alone. `isReference` says whether the
 * schema graph joins it to another table's key (referenceColumns).
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
