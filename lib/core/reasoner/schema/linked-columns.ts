import type { ColumnRef } from "../../model/column-ref";
import type { LearnedExample, ProgramJson } from "../../model/program";
import { nearestExample, PREFER_SIMILARITY, programColumns } from "../rank/learned";
import { refKey } from "../../model/column-ref";
import { columnOf, type RetrievalPorts } from "../../retrieval/ports";
import { schemaDocs } from "../../retrieval/schema-docs";
import type { CellHint, ParsedQuestion } from "../../retrieval/types";
import { contentWords, sameWordForm, stem, wordKeys, wordsMeet } from "../../retrieval/vocab";
import { columnUnit, unitById } from "../question/parse/quantities";
import { askedUnits } from "../question/asked-unit";
import { SUPERLATIVES } from "../lang/en/lexicon";
import { splitIdentifier } from "../../text/tokenize";
import { DATE_WORDS } from "../lang/en/linking";
import { askedColumns } from "./asked-columns";
import { askedPerson } from "./people";
import { semanticModelOf } from "./semantic";
import { holdsDates } from "../question/time/storage";
import { YEAR_WORDS } from "../lang/en/time";

/** Why a column joins the retrieved ones without a vote. */
type LinkedReason = "value" | "date" | "unit" | "learned" | "label";
export type LinkedColumn = ColumnRef & { reason: LinkedReason };

/**
 * Columns the question names by a value or a date, kept whatever the schema vote said: "customers
 * in Australia" needs the column that holds "Australia", "paid in 2005" a date column of the
 * payments. A value counts when it is written as a name (capitalised, quoted, an acronym) or as
 * another form of a cell ("snowy" → snow); a phrase that also names a table or column is left to the
 * vote. A date counts when no voted column holds dates: the first date column of a voted table.
 */
export function linkedColumns(
  question: string,
  parsed: ParsedQuestion,
  hints: readonly CellHint[],
  ports: RetrievalPorts,
  voted: readonly ColumnRef[],
): LinkedColumn[] {
  const out = new Map<string, LinkedColumn>();
  const votedKeys = new Set(voted.map(refKey));
  const named = new Set(parsed.entities.filter((e) => e.kind !== "value").map((e) => e.text.toLowerCase()));
  const { columns, tables } = schemaDocs(ports.schema);
  // The phrase is a table's or column's own name (by stem or synonym: "Australia" is a country, but
  // it does not name the country column — WordNet's broader names are not asked here).
  const same = (a: string, b: string) =>
    a === b || stem(a) === stem(b) || wordKeys(a).some((k) => wordKeys(b).includes(k));
  const namesSchema = (phrase: string) => {
    const words = contentWords(phrase);
    return (
      tables.some((t) => words.every((w) => t.words.some((tw) => same(w, tw)))) ||
      columns.some((c) => words.every((w) => c.own.some((o) => same(w, o))))
    );
  };
  const byPhrase = new Map<string, CellHint[]>();
  for (const h of hints) if (h.exact) byPhrase.set(h.phrase, [...(byPhrase.get(h.phrase) ?? []), h]);
  for (const [phrase, hs] of byPhrase) {
    if (hs.some((h) => votedKeys.has(refKey(h)))) continue;
    const lower = phrase.toLowerCase();
    const asForm = hs.some((h) => h.value.toLowerCase() !== lower);
    // A plain word that is one of a few repeated values ("female", "rain", "cancelled") names it too.
    const category = hs.some((h) => (columnOf(ports.schema, h)?.profile?.distinctCount ?? Infinity) <= 50);
    if (!named.has(lower) && !asForm && !category) continue;
    if (namesSchema(phrase)) continue;
    // One column per phrase: the one its value is most specific to (fewest columns hold it).
    const h = hs[0];
    out.set(refKey(h), { table: h.table, column: h.column, reason: "value" });
  }
  // "weigh more than 5.5 kg": the voted tables' column kept in a unit of that dimension (grams).
  const votedTables = new Set(voted.map((v) => v.table));
  // "in kilograms", "in Fahrenheit": a unit the answer is asked in names the measure's dimension too.
  for (const unit of [...parsed.numbers.map((n) => n.unit), ...askedUnits(question).map((u) => u.id)]) {
    const wanted = unit ? unitById(unit) : null;
    if (!wanted || wanted.dimension === "percent") continue;
    const model = semanticModelOf(ports);
    const unitOfDoc = (c: ColumnRef) => {
      const m = model.tables.find((t) => t.table === c.table)?.measures.find((x) => x.column === c.column);
      return m?.unit?.unit ? unitById(m.unit.unit) : null;
    };
    const inUnit = columns.filter(
      (c) =>
        (c.type === "integer" || c.type === "real" || c.numericText) &&
        (unitOfDoc(c) ?? columnUnit(splitIdentifier(c.name).map((w) => w.toLowerCase())))?.dimension ===
          wanted.dimension,
    );
    // Among the voted tables; when the vote kept none, the one column of the dataset in that dimension.
    const match = inUnit.find((c) => votedTables.has(c.table)) ?? (inUnit.length === 1 ? inUnit[0] : undefined);
    if (match && !votedKeys.has(refKey(match)))
      out.set(refKey(match), { table: match.table, column: match.column, reason: "unit" });
  }
  // "credit limit above 100k", "the most expensive", "best-selling": the numeric column a compared
  // number's words or a superlative's attribute name, among the voted tables and those joined to them.
  const numericDocs = columns.filter((c) => (c.type === "integer" || c.type === "real" || c.numericText) && !c.keyLike);
  const named2 = (phrase: string, min: number) => {
    const words = contentWords(phrase);
    let best: (typeof numericDocs)[number] | null = null;
    let bestScore = min;
    for (const c of numericDocs) {
      const hit = c.own.filter((o) => words.some((w) => wordsMeet(w, o))).length / Math.max(1, c.own.length);
      const score = hit + (votedTables.has(c.table) ? 0.1 : 0);
      if (score > bestScore) [best, bestScore] = [c, score];
    }
    return best;
  };
  const phrases = [
    ...parsed.numbers.filter((n) => n.comparator !== "=" || n.unit).map((n) => n.context),
    ...(parsed.superlative
      ? [SUPERLATIVES[parsed.superlative.phrase]?.concept.join(" ") || parsed.superlative.phrase]
      : []),
    ...parsed.aggregates.filter((a) => a.fn !== "count").map((a) => a.phrase),
  ].filter(Boolean);
  for (const phrase of phrases) {
    const c = named2(phrase, 0.5);
    if (c && !votedKeys.has(refKey(c)) && !out.has(refKey(c)))
      out.set(refKey(c), { table: c.table, column: c.column, reason: "value" });
  }
  // "no body mass recorded", "with a director listed": the column the missing-or-present phrase names.
  for (const m of parsed.missing) {
    const words = contentWords(m.phrase);
    // "customers with no orders": a phrase naming a table asks for rows without related rows, not an empty column.
    if (!words.length || tables.some((t) => words.every((w) => t.words.some((tw) => same(w, tw))))) continue;
    // "delivery date" names "delivered_on": a word's other form, and "date" a column that holds dates.
    const dated = (doc: (typeof columns)[number]) => doc.type === "date" || (doc.type === "text" && holdsDates(doc));
    const hitOf = (doc: (typeof columns)[number]) => {
      const own = doc.own.filter((o) => words.some((w) => sameWordForm(w, o))).length;
      const dateWord =
        dated(doc) && words.some((w) => DATE_WORDS.includes(w)) && !doc.own.some((o) => DATE_WORDS.includes(o));
      return (own + (dateWord ? 1 : 0)) / (doc.own.length + (dateWord ? 1 : 0));
    };
    const c = columns
      .map((doc) => ({ doc, hit: hitOf(doc) }))
      .filter((x) => x.hit >= 0.5)
      .sort(
        (a, b) => b.hit - a.hit || Number(votedTables.has(b.doc.table)) - Number(votedTables.has(a.doc.table)),
      )[0]?.doc;
    if (c && !votedKeys.has(refKey(c)) && !out.has(refKey(c)))
      out.set(refKey(c), { table: c.table, column: c.column, reason: "value" });
  }
  // "discontinued products", "did not complete": a yes/no column of the model whose meaning the question says.
  const qWords = contentWords(question);
  for (const t of semanticModelOf(ports).tables)
    for (const f of t.flags) {
      const doc = columns.find((c) => c.table === t.table && c.column === f.column);
      const meaning = f.meaning ? contentWords(f.meaning) : (doc?.own ?? []);
      if (!doc || !meaning.length || votedKeys.has(refKey(doc)) || out.has(refKey(doc))) continue;
      if (meaning.every((m) => qWords.some((w) => sameWordForm(w, m))))
        out.set(refKey(doc), { table: doc.table, column: doc.column, reason: "value" });
    }
  // "Who won …": the name columns of the one table whose rows are people.
  for (const c of askedPerson(question, ports)?.columns ?? [])
    if (!votedKeys.has(refKey(c))) out.set(refKey(c), { ...c, reason: "label" });
  // A date phrase, or a date part grouped by ("which month …"), needs a date column.
  if (parsed.dates.length || parsed.dateGroup) {
    const model = semanticModelOf(ports);
    const modelled = (c: ColumnRef) =>
      model.tables.some((t) => t.table === c.table && t.dates.some((d) => d.column === c.column));
    const dateLike = (c: (typeof columns)[number]) =>
      modelled(c) ||
      !!c.dateFormat ||
      c.type === "date" ||
      (c.type === "text" && holdsDates(c)) ||
      (c.numeric || c.numericText
        ? c.words.some((w) => YEAR_WORDS.includes(w))
        : c.words.some((w) => DATE_WORDS.includes(w)));
    const votedDocs = columns.filter((c) => votedKeys.has(refKey(c)));
    const votedTables = new Set(votedDocs.map((c) => c.table));
    // "born in the 1920s": the date column of a voted table its context names joins, whatever else was voted.
    for (const d of parsed.dates) {
      const words = contentWords(d.context);
      const named = columns.find(
        (c) => votedTables.has(c.table) && dateLike(c) && words.some((w) => c.own.some((o) => wordsMeet(w, o))),
      );
      if (named && !votedKeys.has(refKey(named)))
        out.set(refKey(named), { table: named.table, column: named.column, reason: "date" });
    }
    if (!votedDocs.some(dateLike)) {
      const context = parsed.dates.map((d) => d.context).join(" ");
      for (const t of new Set(votedDocs.map((c) => c.table))) {
        const candidates = columns.filter((c) => c.table === t && dateLike(c));
        const best =
          candidates.find((c) => contentWords(context).some((w) => c.own.some((o) => wordsMeet(w, o)))) ??
          candidates[0];
        if (best) out.set(refKey(best), { table: best.table, column: best.column, reason: "date" });
      }
    }
  }
  // "who won …", "when was X born": the people's name, the date the verb names (asked-columns.ts).
  for (const c of askedColumns(question, ports, voted))
    if (!votedKeys.has(refKey(c)) && !out.has(refKey(c))) out.set(refKey(c), { ...c, reason: "value" });
  return [...out.values()];
}

/**
 * The columns of the program this question will be answered with when one is given: the one the
 * user picked, else the confirmed answer of the most similar earlier question (learned.ts), close
 * enough that its computation may be preferred among this question's candidates.
 */
export function givenProgramColumns(
  question: string,
  picked: ProgramJson | undefined,
  learned: readonly LearnedExample[] | undefined,
): LinkedColumn[] {
  const program = picked ?? nearestExample(question, learned ?? [], "confirmed", PREFER_SIMILARITY)?.example.program;
  return program ? programColumns(program).map((c) => ({ ...c, reason: "learned" as const })) : [];
}
