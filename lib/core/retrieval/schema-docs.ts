import type { ColumnType } from "../model/dataset";
import { expandName } from "../text/expand-name";
import { dateFormatOf, type DateFormat } from "./sql/date-expr";
import type { RetrievalSchema } from "./ports";
import { contentWords, nameWords, trigrams, wordsMeet } from "./vocab";
import { KEY_WORDS } from "../reasoner/lang/en/matching";
import { isNumericText } from "../index/semantic/numeric-text";

/** A column read for matching: its words, the words of its table, examples and description. */
export type ColumnDoc = {
  table: string;
  column: string;
  name: string;
  type: ColumnType;
  isPrimaryKey: boolean;
  /** Content words of the expanded column name ("pet", "type"). */
  words: string[];
  /** Words of the column not already in its table's name ("type" in pets.PetType). */
  own: string[];
  tableWords: string[];
  expanded: string;
  grams: Set<string>;
  description: string;
  examples: string[];
  /** Identifier-like: a key, or named …id / …code / …key / …no. */
  keyLike: boolean;
  numeric: boolean;
  /** A text column whose values read as numbers ("12,467", "1 500"): compared and summed as numbers. */
  numericText: boolean;
  uniqueness: number;
  /** A text column of dates written another way than ISO ("Jun 12 1998"): read through isoDateExpr. */
  dateFormat?: DateFormat;
};

/** The date format of a text column whose values are all dates written another way than ISO. */
function nonIsoDates(type: ColumnType, examples: string[]): { dateFormat?: DateFormat } {
  if (type !== "text" || examples.length < 2) return {};
  const format = dateFormatOf(examples);
  return format && format !== "iso" ? { dateFormat: format } : {};
}

export type TableDoc = { table: string; words: string[]; grams: Set<string>; rowCount: number };

/** All words of a table name, function words included ("has pet" for has_pet), for table matching. */
function tableNameWords(name: string, expanded?: string): string[] {
  const text = expanded && expanded.trim() ? expanded : expandName(name).text || name;
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !["the", "a", "an"].includes(w));
}

const cache = new WeakMap<RetrievalSchema, { columns: ColumnDoc[]; tables: TableDoc[] }>();

/** Reads every column and table of a schema once (cached per schema object). */
export function schemaDocs(schema: RetrievalSchema): { columns: ColumnDoc[]; tables: TableDoc[] } {
  const hit = cache.get(schema);
  if (hit) return hit;
  const columns: ColumnDoc[] = [];
  const tables: TableDoc[] = [];
  for (const t of schema.tables) {
    const tableWords = nameWords(t.name, t.expandedName);
    const allWords = tableNameWords(t.name, t.expandedName);
    tables.push({
      table: t.name,
      words: allWords.length ? allWords : tableWords,
      grams: trigrams(tableWords.join(" ")),
      rowCount: t.rowCount,
    });
    for (const c of t.columns) {
      const words = nameWords(c.name, c.expandedName);
      const own = words.filter((w) => !tableWords.some((tw) => wordsMeet(w, tw)));
      const examples = (c.profile?.topValues ?? []).map((v) => String(v.value)).filter((v) => v.length <= 60);
      const last = words[words.length - 1] ?? "";
      columns.push({
        table: t.name,
        column: c.column,
        name: c.name,
        type: c.type,
        isPrimaryKey: c.isPrimaryKey,
        words,
        own: own.length ? own : words,
        tableWords,
        expanded: words.join(" "),
        grams: trigrams(words.join(" ")),
        description: c.description ?? "",
        examples,
        keyLike: c.isPrimaryKey || KEY_WORDS.has(last) || /(?:^|_)id$|id$/i.test(c.name),
        numeric: c.type === "integer" || c.type === "real",
        uniqueness: c.profile?.uniqueness ?? 0,
        ...nonIsoDates(c.type, [...examples, ...(c.profile?.shortest ? [c.profile.shortest] : [])]),
        numericText: isNumericText(c.type, [
          ...examples,
          ...(c.profile?.shortest ? [c.profile.shortest] : []),
          ...(c.profile?.longest ? [c.profile.longest] : []),
        ]),
      });
    }
  }
  const docs = { columns, tables };
  cache.set(schema, docs);
  return docs;
}

/**
 * How well a phrase names a column, 0–1: half the share of the phrase's words the column's
 * name (or its table's) accounts for, half the share of the column's own words the phrase
 * covers. A phrase that only names the table ("documents" for Documents.Document_Name) scores 0.
 */
export function phraseMatch(phrase: string, doc: Pick<ColumnDoc, "own" | "words" | "tableWords">): number {
  const words = contentWords(phrase);
  if (!words.length) return 0;
  let ownHit = 0;
  for (const o of doc.own) if (words.some((w) => wordsMeet(w, o))) ownHit++;
  if (ownHit === 0) return 0;
  const covered = words.filter(
    (w) => doc.words.some((c) => wordsMeet(w, c)) || doc.tableWords.some((c) => wordsMeet(w, c)),
  ).length;
  return 0.5 * (covered / words.length) + 0.5 * (ownHit / doc.own.length);
}

/** How well a phrase names a table, 0–1 (share of the table's words the phrase covers, and back). */
export function tableMatch(phrase: string, doc: Pick<TableDoc, "words">): number {
  const words = contentWords(phrase);
  if (!words.length || !doc.words.length) return 0;
  const hit = doc.words.filter((tw) => words.some((w) => wordsMeet(w, tw))).length;
  if (!hit) return 0;
  const back = words.filter((w) => doc.words.some((tw) => wordsMeet(w, tw))).length;
  return 0.7 * (hit / doc.words.length) + 0.3 * (back / words.length);
}
