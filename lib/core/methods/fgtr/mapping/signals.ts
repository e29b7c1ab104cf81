import { COMPARATIVE_CONCEPTS } from "../../../reasoner/lang/en/lexicon";
import { createHashedEncoder } from "../../../text/hashed-encoder";
import { dot } from "../../../text/encoder";
import { askedPhrases, conceptWords, identifierMentions, keywordPhrases } from "./question-phrases";
import type { CellHint, ParsedQuestion } from "../../../retrieval/types";
import { phraseMatch, tableMatch, type ColumnDoc, type TableDoc } from "../../../retrieval/schema-docs";
import { contentWords, contextWords, dice, encoderSafe, trigrams, wordsMeet } from "../../../retrieval/vocab";

/** The evidence about one column that the scorers weigh differently. */
export type ColumnSignals = {
  doc: ColumnDoc;
  /** Named by an asked-for phrase (target, aggregate, grouping, ordering, superlative). */
  ask: number;
  /** Named outright by words of the question (all of the column's own words). */
  mention: number;
  /** Implied by a superlative or comparative ("youngest" → age). */
  concept: number;
  /** Holds a value of the question (cell-index hint). */
  value: number;
  /** Constrained by a number or date of the question. */
  bound: number;
  /** Cosine of question and column description (hashed encoder). */
  desc: number;
  /** Character-trigram similarity of asked phrases to the expanded name. */
  gram: number;
  /** Written out by its identifier ("buildUpPlaySpeed", "League.name", "Currency = 'EUR'"). */
  ident: number;
  /** Relevance of the column's table to the question. */
  table: number;
};

const encoder = createHashedEncoder();
/** A phrase's candidates must score within this share of its best column (in context). */
const COMPETE = 0.9;
const MAX_PER_PHRASE = 3;
const ID_WORDS = new Set(["id", "ids", "identifier", "code", "codes", "key", "number", "no"]);
const NAME_WORDS = new Set(["name", "title", "label"]);

/** The column that names a table's rows: its name/title column, else its primary key. */
function nameColumnIndex(docs: ColumnDoc[], table: string): number {
  const idx = docs.map((d, i) => ({ d, i })).filter(({ d }) => d.table === table);
  return (
    (
      idx.find(({ d }) => d.own.some((w) => NAME_WORDS.has(w))) ??
      idx.find(({ d }) => d.words.some((w) => NAME_WORDS.has(w))) ??
      idx.find(({ d }) => d.isPrimaryKey)
    )?.i ?? -1
  );
}

/** How strongly one number's or date's context names this column (0–1). */
function boundOne(context: string, doc: ColumnDoc, date: boolean, entityWords: ReadonlySet<string>): number {
  const dateLike = doc.type === "date" || doc.words.some((w) => ["year", "date", "time"].includes(w));
  if (date ? !dateLike : !doc.numeric && !dateLike) return 0;
  const near = contextWords(context).slice(-4);
  // A key column is bounded only when the question names an identifier ("id 5").
  if (doc.keyLike && !near.some((w) => ["id", "ids", "identifier", "code", "number", "no"].includes(w))) return 0;
  let s = date ? 0.6 : 0;
  for (const w of near) {
    // "players who are higher than 170": a word naming an entity (a table) does not say which
    // measure of it is bounded.
    if (entityWords.has(w) && !COMPARATIVE_CONCEPTS[w]) continue;
    if (doc.own.some((o) => wordsMeet(w, o))) s = Math.max(s, 1);
    const concept = COMPARATIVE_CONCEPTS[w];
    if (concept && doc.words.some((c) => concept.some((x) => wordsMeet(x, c)))) s = Math.max(s, 0.9);
  }
  return s;
}

/** Numbers and dates go, each, to the columns their context names best in context (competitive). */
function boundScores(
  p: ParsedQuestion,
  docs: ColumnDoc[],
  tables: TableDoc[],
  tableRel: Map<string, number>,
): number[] {
  const out = new Array<number>(docs.length).fill(0);
  const entityWords = new Set<string>();
  for (const t of tables) for (const w of t.words) for (const v of [w, `${w}s`]) entityWords.add(v);
  const mentions = [
    ...p.numbers.map((n) => ({ context: n.context, date: false })),
    ...p.dates.map((d) => ({ context: d.context, date: true })),
  ];
  for (const m of mentions) {
    const raw = docs.map((d) => boundOne(m.context, d, m.date, entityWords));
    const ctx = raw.map((v, i) => v * (0.6 + 0.4 * (tableRel.get(docs[i].table) ?? 0)));
    const best = Math.max(0, ...ctx);
    raw
      .map((v, i) => ({ v, i }))
      .filter(({ v, i }) => v > 0 && ctx[i] >= COMPETE * best)
      .sort((a, b) => ctx[b.i] - ctx[a.i] || docs[a.i].own.length - docs[b.i].own.length)
      .slice(0, MAX_PER_PHRASE)
      .forEach(({ v, i }) => (out[i] = Math.max(out[i], v)));
  }
  return out;
}

/**
 * Competitive matching: each phrase goes to the columns that match it best in context (their
 * table's relevance weighs in), not to every column sharing a word with it. "names" for a
 * question about singers then means singer.name, not every name column of the database.
 */
function compete(phrases: string[], docs: ColumnDoc[], tableRel: Map<string, number>, min: number): number[] {
  const out = new Array<number>(docs.length).fill(0);
  for (const ph of phrases) {
    // A key column answers an asked-for phrase only when the phrase asks for an identifier.
    const asksId = contentWords(ph).some((w) => ID_WORDS.has(w)) || /\b(ids?|codes?|numbers?|keys?)\b/.test(ph);
    const raw = docs.map((d) => phraseMatch(ph, d) * (d.keyLike && !asksId ? 0.7 : 1));
    const ctx = raw.map((m, i) => m * (0.6 + 0.4 * (tableRel.get(docs[i].table) ?? 0)));
    const best = Math.max(0, ...ctx);
    if (best <= 0) continue;
    // A phrase that fits a whole family of columns equally (away_player_1 … _11) picks the few
    // whose names add least to it, not the family.
    const picked = raw
      .map((m, i) => ({ m, i }))
      .filter(({ m, i }) => m >= min && ctx[i] >= COMPETE * best)
      .sort((a, b) => ctx[b.i] - ctx[a.i] || docs[a.i].own.length - docs[b.i].own.length)
      .slice(0, MAX_PER_PHRASE);
    for (const { m, i } of picked) out[i] = Math.max(out[i], m);
  }
  return out;
}

/**
 * Computes every signal for every column once per question; the K scorers then read them.
 * Table relevance comes from the subject and keywords naming the table, from value hits in it
 * and from its columns being asked for or bounded.
 */
export function computeSignals(
  question: string,
  p: ParsedQuestion,
  hints: readonly CellHint[],
  columns: ColumnDoc[],
  tables: TableDoc[],
): ColumnSignals[] {
  const asked = askedPhrases(p);
  const concepts = conceptWords(p, question);
  const tablePhrases = [
    p.subject ?? "",
    p.having?.phrase ?? "",
    p.negation?.phrase ?? "",
    ...asked,
    ...p.keywords,
  ].filter(Boolean);
  const single = tables.length === 1;
  const mention = new Map(
    tables.map((t) => [t.table, single ? 1 : Math.max(0, ...tablePhrases.map((ph) => tableMatch(ph, t)))]),
  );
  // A value found in several tables ("NY" in votes and in area codes) counts most where the
  // question is: per phrase, columns of less relevant tables get a reduced value signal.
  const valueOf = new Map<string, number>();
  const byPhrase = new Map<string, CellHint[]>();
  for (const h of hints) byPhrase.set(h.phrase, [...(byPhrase.get(h.phrase) ?? []), h]);
  for (const group of byPhrase.values()) {
    const ctx = group.map((h) => (h.exact ? 1 : h.score) * (0.5 + 0.5 * (mention.get(h.table) ?? 0)));
    const best = Math.max(0, ...ctx);
    group.forEach((h, i) => {
      const v = h.exact ? 1 : h.score;
      const key = `${h.table}\u0000${h.column}`;
      valueOf.set(key, Math.max(valueOf.get(key) ?? 0, ctx[i] >= 0.95 * best || v < 0.9 ? v : 0.85 * v));
    });
  }
  const value = columns.map((d) => valueOf.get(`${d.table}\u0000${d.column}`) ?? 0);
  // First pass: relevance from names and values; then numbers and phrases compete in that context.
  const rel = new Map(mention);
  columns.forEach((d, i) => {
    if (value[i] >= 0.9) rel.set(d.table, Math.max(rel.get(d.table) ?? 0, 0.8));
  });
  const ident = identifierMentions(question, columns);
  columns.forEach((d, i) => {
    if (ident[i]) rel.set(d.table, Math.max(rel.get(d.table) ?? 0, 0.8));
  });
  const bound = boundScores(p, columns, tables, rel);
  columns.forEach((d, i) => {
    if (bound[i] >= 0.9) rel.set(d.table, Math.max(rel.get(d.table) ?? 0, 0.6));
  });
  const ask = compete(asked, columns, rel, 0.5);
  // "Which county …": an asked-for phrase naming a table asks for the names of its rows.
  for (const ph of asked) {
    for (const t of tables) {
      if (tableMatch(ph, t) < 0.75) continue;
      const i = nameColumnIndex(columns, t.table);
      if (i >= 0) ask[i] = Math.max(ask[i], 0.8);
    }
  }
  const named = compete(keywordPhrases(p), columns, rel, 0.99);
  columns.forEach((d, i) => {
    if (ask[i] >= 0.75) rel.set(d.table, Math.max(rel.get(d.table) ?? 0, 0.6));
  });
  // A concept ("youngest" → age) goes to the matching columns of the most relevant table only.
  const conceptual = columns.map((d) =>
    concepts.length && (d.numeric || d.type === "date") && d.words.some((w) => concepts.some((c) => wordsMeet(c, w)))
      ? 1
      : 0,
  );
  const conceptBest = Math.max(0, ...columns.map((d, i) => (conceptual[i] ? (rel.get(d.table) ?? 0) : 0)));
  const qv = encoder.embedOne(encoderSafe(contentWords(question).join(" ")));
  const askedGrams = asked.map((a) => trigrams(a));
  return columns.map((doc, i) => ({
    doc,
    ask: ask[i],
    mention: named[i],
    concept: conceptual[i] && (rel.get(doc.table) ?? 0) >= conceptBest ? 1 : 0,
    value: value[i],
    bound: bound[i],
    desc: Math.max(0, dot(qv, encoder.embedOne(encoderSafe(`${doc.expanded} ${doc.description}`)))),
    gram: Math.max(0, ...askedGrams.map((g) => dice(g, doc.grams))),
    ident: ident[i],
    table: rel.get(doc.table) ?? 0,
  }));
}
