import type { ColumnType } from "../../../model/dataset";
import { readQuestion, type LinkQuestion } from "./question";
import { acronym, contentWords, dice, stem } from "./text";
import { KEY_WORDS, NAME_WORDS } from "../../lang/en/linking";
import { bestLevel, comparedNames, contiguous, prepare, quotedPhrases, share } from "./column-match";

/** One column as the linker reads it: names, description, type and profile. */
export type LinkColumn = {
  table: string;
  /** The table's name read as words ("has pet"); the raw name when absent. */
  tableExpanded?: string;
  /** The column's sqlName (what SQL and events use). */
  column: string;
  /** The header as written ("PetType"). */
  name: string;
  /** The header read as words ("pet type"). */
  expandedName?: string;
  description?: string;
  type: ColumnType;
  isPrimaryKey: boolean;
  /** Distinct values / rows, 0–1 (0 when unknown). */
  uniqueness?: number;
};

/** A question phrase found among a column's cells (the cell index's value hits). */
export type LinkHint = { table: string; column: string; phrase: string; score: number; exact: boolean };

/** The features, in the order of every feature vector and of the model's weights. */
export const LINK_FEATURES = [
  "coverExact",
  "coverStem",
  "coverAny",
  "ownCover",
  "ownAll",
  "headWord",
  "contiguous",
  "acronym",
  "identifier",
  "charGrams",
  "tableCover",
  "tableAll",
  "tableRelevance",
  "ownInContext",
  "descCover",
  "hasDescription",
  "valueExact",
  "valuePartial",
  "valueShare",
  "valueInTable",
  "numeric",
  "text",
  "date",
  "primaryKey",
  "keyLike",
  "uniqueness",
  "nameColumn",
  "nameOfMentionedTable",
  "keyOfMentionedTable",
  "numberNumeric",
  "yearDate",
  "compareNumeric",
  "countKey",
  "lexical",
  "lexicalRelative",
  "bestInTable",
  "lexicalRank1",
  "schemaSize",
  "tableSize",
  "singleTable",
  "nameComparison",
  "quotedInDescription",
  "valueSubsumed",
] as const;
type LinkFeatureName = (typeof LINK_FEATURES)[number];

/**
 * Feature vectors of every (question, column) pair of a schema, in LINK_FEATURES order. Some
 * features are relative to the other columns (the best lexical match of the schema, of the
 * table), so a column is judged against its competitors, not by an absolute cut.
 */
export function linkFeatures(
  question: string | LinkQuestion,
  columns: readonly LinkColumn[],
  hints: readonly LinkHint[],
): number[][] {
  const q = typeof question === "string" ? readQuestion(question) : question;
  const prepared = columns.map(prepare);
  const qContent = q.content.filter((w) => !/^\d+$/.test(w));
  const key = (t: string, c: string) => `${t}\u0000${c}`;
  const exactByPhrase = new Map<string, number>();
  for (const h of hints) if (h.exact) exactByPhrase.set(h.phrase, (exactByPhrase.get(h.phrase) ?? 0) + 1);
  const hintsOf = new Map<string, LinkHint[]>();
  for (const h of hints) hintsOf.set(key(h.table, h.column), [...(hintsOf.get(key(h.table, h.column)) ?? []), h]);
  const tablesWithExact = new Set(hints.filter((h) => h.exact).map((h) => h.table));
  // "Oak Hollow" found in a city column says little when "Oak Hollow Elementary" is a value elsewhere.
  const exactPhrases = [...exactByPhrase.keys()].map((p) => p.toLowerCase());
  const subsumed = (phrase: string) =>
    exactPhrases.some((p) => p.length > phrase.length && p.includes(phrase.toLowerCase()));

  const base = prepared.map((p) => {
    const levels = p.words.map((w) => bestLevel(w, q));
    const ownLevels = p.own.map((w) => bestLevel(w, q));
    const tableLevels = p.tableWords.map((w) => bestLevel(w, q));
    const hs = hintsOf.get(key(p.col.table, p.col.column)) ?? [];
    const exact = hs.filter((h) => h.exact);
    const ac = acronym(p.words);
    const sql = p.col.column.toLowerCase();
    const identLike = /_|\d|[a-z][A-Z]/.test(p.col.name) && p.raw.length >= 4;
    const qualified =
      q.identifiers.has(`${p.col.table.toLowerCase()}.${p.raw}`) ||
      q.identifiers.has(`${p.col.table.toLowerCase()}.${sql}`);
    const described = (p.col.description ?? "").toLowerCase();
    const descWords = new Set(
      contentWords(p.col.description ?? "")
        .slice(0, 60)
        .map(stem),
    );
    return {
      coverExact: share(levels, (l) => l === 3),
      coverStem: share(levels, (l) => l >= 2),
      coverAny: share(levels, (l) => l >= 1),
      ownCover: share(ownLevels, (l) => l >= 1),
      headWord: levels.length && levels[levels.length - 1] >= 1 ? 1 : 0,
      contiguous: contiguous(p.words, q),
      acronym: ac.length >= 2 && q.all.includes(ac) ? 1 : 0,
      identifier: qualified || (identLike && (q.identifiers.has(p.raw) || q.identifiers.has(sql))) ? 1 : 0,
      charGrams: Math.max(0, ...q.grams.map((g) => dice(g.grams, p.grams))),
      tableCover: share(tableLevels, (l) => l >= 1),
      descCover:
        descWords.size && qContent.length ? qContent.filter((w) => descWords.has(stem(w))).length / qContent.length : 0,
      hasDescription: descWords.size > 0 ? 1 : 0,
      valueExact: exact.length ? 1 : 0,
      valuePartial: Math.max(0, ...hs.filter((h) => !h.exact).map((h) => h.score)),
      valueShare: Math.max(0, ...exact.map((h) => 1 / (exactByPhrase.get(h.phrase) ?? 1))),
      valueSubsumed: exact.length && exact.every((h) => subsumed(h.phrase)) ? 1 : 0,
      keyLike:
        p.col.isPrimaryKey || KEY_WORDS.has(p.words[p.words.length - 1] ?? "") || /id$/i.test(p.col.name) ? 1 : 0,
      nameComparison: comparedNames(q).has(p.raw) || comparedNames(q).has(sql) ? 1 : 0,
      quotedInDescription: quotedPhrases(q).some((x) => described.includes(x)) ? 1 : 0,
      nameColumn: p.own.some((w) => NAME_WORDS.has(w)) || p.words.some((w) => NAME_WORDS.has(w)) ? 1 : 0,
      wordsOf: p,
    };
  });
  const lexical = base.map((b) =>
    Math.max(b.ownCover, b.contiguous, b.identifier, b.acronym, 0.8 * b.charGrams, b.valueExact),
  );
  const maxLex = Math.max(0, ...lexical);
  const tableBest = new Map<string, number>();
  const tableRel = new Map<string, number>();
  base.forEach((b, i) => {
    const t = columns[i].table;
    tableBest.set(t, Math.max(tableBest.get(t) ?? 0, lexical[i]));
    const strong = Math.max(
      b.tableCover,
      b.valueExact,
      b.identifier,
      b.ownCover === 1 && b.wordsOf.own.length > 0 ? 0.8 : 0,
    );
    tableRel.set(t, Math.max(tableRel.get(t) ?? 0, strong));
  });
  const tableCount = new Set(columns.map((c) => c.table)).size;
  const perTable = new Map<string, number>();
  for (const c of columns) perTable.set(c.table, (perTable.get(c.table) ?? 0) + 1);
  const sortedLex = [...lexical].sort((a, b) => b - a);

  return base.map((b, i) => {
    const c = columns[i];
    const numeric = c.type === "integer" || c.type === "real" ? 1 : 0;
    const date = c.type === "date" || b.wordsOf.words.some((w) => ["year", "date", "time"].includes(w)) ? 1 : 0;
    const rel = tableRel.get(c.table) ?? 0;
    const f: Record<LinkFeatureName, number> = {
      coverExact: b.coverExact,
      coverStem: b.coverStem,
      coverAny: b.coverAny,
      ownCover: b.ownCover,
      ownAll: b.ownCover === 1 ? 1 : 0,
      headWord: b.headWord,
      contiguous: b.contiguous,
      acronym: b.acronym,
      identifier: b.identifier,
      charGrams: b.charGrams,
      tableCover: b.tableCover,
      tableAll: b.tableCover === 1 ? 1 : 0,
      tableRelevance: rel,
      ownInContext: b.ownCover * rel,
      descCover: b.descCover,
      hasDescription: b.hasDescription,
      valueExact: b.valueExact,
      valuePartial: b.valuePartial,
      valueShare: b.valueShare,
      valueInTable: tablesWithExact.has(c.table) && !b.valueExact ? 1 : 0,
      numeric,
      text: c.type === "text" ? 1 : 0,
      date,
      primaryKey: c.isPrimaryKey ? 1 : 0,
      keyLike: b.keyLike,
      uniqueness: Math.max(0, Math.min(1, c.uniqueness ?? 0)),
      nameColumn: b.nameColumn,
      nameOfMentionedTable: b.nameColumn * b.tableCover,
      keyOfMentionedTable: (c.isPrimaryKey ? 1 : 0) * b.tableCover,
      numberNumeric: q.hasNumber ? numeric : 0,
      yearDate: q.hasYear ? date : 0,
      compareNumeric: q.compares ? numeric : 0,
      countKey: q.asksCount ? b.keyLike : 0,
      lexical: lexical[i],
      lexicalRelative: maxLex > 0 ? lexical[i] / maxLex : 0,
      bestInTable: lexical[i] > 0 && lexical[i] >= (tableBest.get(c.table) ?? 0) ? 1 : 0,
      lexicalRank1: lexical[i] > 0 && lexical[i] >= sortedLex[0] ? 1 : 0,
      schemaSize: 1 / Math.log2(2 + columns.length),
      tableSize: 1 / Math.log2(2 + (perTable.get(c.table) ?? 1)),
      singleTable: tableCount === 1 ? 1 : 0,
      nameComparison: b.nameComparison,
      quotedInDescription: b.quotedInDescription,
      valueSubsumed: b.valueSubsumed,
    };
    return LINK_FEATURES.map((n) => f[n]);
  });
}
