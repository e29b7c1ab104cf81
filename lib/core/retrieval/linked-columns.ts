import type { ColumnRef } from "../model/column-ref";
import type { LearnedExample, ProgramJson } from "../model/program";
import { nearestExample, programColumns, REUSE_SIMILARITY } from "./learned";
import { refKey } from "../model/column-ref";
import { columnOf, type RetrievalPorts } from "./ports";
import { schemaDocs, tableMatch } from "./schema-docs";
import type { CellHint, ParsedQuestion } from "./types";
import { contentWords, stem, wordKeys, wordsMeet } from "./vocab";
import { columnUnit, unitById } from "./parse/quantities";
import { splitIdentifier } from "../text/tokenize";

/** Why a column joins the retrieved ones without a vote. */
export type LinkedReason = "value" | "date" | "unit" | "learned";
export type LinkedColumn = ColumnRef & { reason: LinkedReason };

const DATE_WORDS = ["date", "time", "day", "year", "timestamp", "when"];

/**
 * Columns the question names by a value or a date, kept whatever the schema vote said: "customers
 * in Australia" needs the column that holds "Australia", "paid in 2005" a date column of the
 * payments. A value counts when it is written as a name (capitalised, quoted, an acronym) or as
 * another form of a cell ("snowy" → snow); a phrase that also names a table or column is left to the
 * vote. A date counts when no voted column holds dates: the first date column of a voted table.
 */
export function linkedColumns(
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
  for (const n of parsed.numbers) {
    const wanted = n.unit ? unitById(n.unit) : null;
    if (!wanted || wanted.dimension === "percent") continue;
    const match = columns.find(
      (c) =>
        votedTables.has(c.table) &&
        (c.type === "integer" || c.type === "real" || c.numericText) &&
        columnUnit(splitIdentifier(c.name).map((w) => w.toLowerCase()))?.dimension === wanted.dimension,
    );
    if (match && !votedKeys.has(refKey(match)))
      out.set(refKey(match), { table: match.table, column: match.column, reason: "unit" });
  }
  if (parsed.dates.length) {
    const dateLike = (c: (typeof columns)[number]) => c.type === "date" || c.words.some((w) => DATE_WORDS.includes(w));
    const votedDocs = columns.filter((c) => votedKeys.has(refKey(c)));
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
  return [...out.values()];
}

/**
 * The columns of the program this question will be answered with when one is given: the one the
 * user picked, else the confirmed answer of the most similar earlier question (learned.ts).
 */
export function givenProgramColumns(
  question: string,
  picked: ProgramJson | undefined,
  learned: readonly LearnedExample[] | undefined,
): LinkedColumn[] {
  const program = picked ?? nearestExample(question, learned ?? [], "confirmed", REUSE_SIMILARITY)?.example.program;
  return program ? programColumns(program).map((c) => ({ ...c, reason: "learned" as const })) : [];
}
