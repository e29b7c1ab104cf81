import pluralize from "pluralize";
import { expandName } from "../../text/expand-name";
import { splitIdentifier } from "../../text/tokenize";
import { TABLE_AFFIXES } from "../../reasoner/lang/en/semantic";
import type { ColumnView, SemanticInputColumn } from "./input";

/** Lowercased parts of a name as written ("duration_min" → duration, min). */
export function nameTokens(name: string): string[] {
  return splitIdentifier(name).map((t) => t.toLowerCase());
}

/** The words a name reads as: its expanded name when descriptions gave one, else the expanded identifier. */
export function nameWordsOf(name: string, expanded?: string): string[] {
  const text = expanded?.trim() ? expanded : expandName(name, { sureOnly: true }).text || name;
  return (text.toLowerCase().match(/[\p{L}\p{N}%$€£]+/gu) ?? []).filter(Boolean);
}

/** A column with its words and examples, as the inference steps read it. */
export function columnView(table: string, c: SemanticInputColumn): ColumnView {
  const p = c.profile;
  const examples = [
    ...(p?.topValues ?? []).map((t) => String(t.value)),
    ...(p?.shortest ? [p.shortest] : []),
    ...(p?.longest ? [p.longest] : []),
    ...(c.values ?? []),
  ]
    .map((v) => v.trim())
    .filter((v) => v !== "");
  return { ...c, table, words: nameWordsOf(c.name, c.expandedName), examples: [...new Set(examples)] };
}

/** The noun phrase of a table's name without the affixes that say how it was made ("raw_customers" → "customers"). */
export function entityPhrase(table: string, expanded?: string): string[] {
  const words = nameWordsOf(table, expanded);
  const kept = words.filter((w, i) => !(TABLE_AFFIXES.has(w) && (i === 0 || i === words.length - 1)));
  return kept.length ? kept : words;
}

/**
 * Singular and plural names of what one row of a table is: the table's name read as words, its
 * last word made singular and plural with `pluralize` ("order_lines" → order line / order lines,
 * "people" → person / people). Confidence is lower for a one- or two-letter name.
 */
export function entityNames(
  table: string,
  expanded?: string,
): { singular: string; plural: string; confidence: number; evidence: string } {
  const words = entityPhrase(table, expanded);
  const last = words[words.length - 1] ?? table.toLowerCase();
  const head = words.slice(0, -1);
  const singular = [...head, pluralize.singular(last)].join(" ");
  const plural = [...head, pluralize.plural(pluralize.singular(last))].join(" ");
  const dropped = nameWordsOf(table, expanded).length !== words.length;
  const confidence = last.length <= 2 ? 0.4 : words.length > 3 ? 0.6 : 0.8;
  const evidence = `from the table's name "${table}"${dropped ? " (its prefix left out)" : ""}`;
  return { singular, plural, confidence, evidence };
}
