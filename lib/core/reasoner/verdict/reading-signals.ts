import { contentWords, schemaWordMatcher } from "./schema-words";
import { sqlStrings } from "./sql-literals";
import type { QuestionShape } from "./question-shape";
import type { TraceFacts } from "./trace-facts";
import type { AssessInput, ProfiledSchema } from "./types";
import { KEY_NAME, CALENDAR, WHICH_WHO } from "../lang/en/verdict";

/**
 * Signals about how much of the question the answer actually reads, what its query aggregates and
 * whether its values were seen in the data. All are read from the answer and the schema alone, in
 * general terms (no domain words), for every method: a SQL answer is read through the tables and
 * columns its query names, a GraphOTTER or HELIOS answer through the cells and sentences it rests on.
 */
export type ReadingSignals = {
  /** Content words of the question that neither the reading, the used columns, literals nor evidence match. */
  wordsUnused: number;
  /** Of those, words naming what is asked for ("flights" in "how many flights…", counted as airports). */
  targetUnused: number;
  /** SUM/AVG/MIN/MAX over a key or code column (ids are not amounts). */
  keyAggregated: boolean;
  /** A "which/who" question answered with a key or code column rather than a name. */
  idForWhich: boolean;
  /** SUM/AVG/COUNT through a join without a semi-join or DISTINCT: rows may repeat (fan-out). */
  joinAggregate: boolean;
  /** String literals of the query that the cell index never returned as a hit for the question. */
  literalsUnseen: number;
  /** A count answered 0: often a filter that matched nothing. */
  zeroCount: boolean;
  /** The best differing reading's ranker probability (the chosen reading's rival; 0 when none). */
  rivalProbability: number;
};

/** Quoted identifiers a SQL text names (table aliases' columns and tables alike). */
function quotedNames(sql: string): Set<string> {
  return new Set([...sql.matchAll(/"((?:[^"]|"")+)"/g)].map((m) => m[1].replace(/""/g, '"').toLowerCase()));
}

/** The part of the schema a query names: its tables, and of them the columns it names. */
function usedSchema(schema: ProfiledSchema, sql: string): ProfiledSchema {
  const names = quotedNames(sql);
  const tables = schema.tables.filter((t) => names.has(t.name.toLowerCase()));
  return {
    tables: tables.map((t) => ({
      ...t,
      columns: t.columns.filter((c) => names.has(c.column.toLowerCase()) || names.has(c.name.toLowerCase())),
    })),
  };
}

/** Words the answer reads: the reading, SQL literals, the answer's values and its own evidence text. */
function answerText(input: AssessInput): string {
  const a = input.answer;
  return [
    a.reading ?? "",
    ...(a.sql ? sqlStrings(a.sql) : []),
    ...a.values.slice(0, 20).map((v) => String(v ?? "")),
    ...(a.cells ?? []).map((c) => c.value),
    ...(a.sentences ?? []).map((s) => s.text),
    a.sql ? "" : a.text.slice(0, 500),
  ].join(" ");
}

function unusedWords(input: AssessInput, shape: QuestionShape): { wordsUnused: number; targetUnused: number } {
  const text = answerText(input);
  const extra = contentWords(text);
  const used = input.schema && input.answer.sql ? usedSchema(input.schema, input.answer.sql) : { tables: [] };
  const matcher = schemaWordMatcher({
    tables: [...used.tables, { name: "", columns: extra.map((w) => ({ column: w, name: w, type: "text" })) }],
  });
  const dated = /\d{4}/.test(input.answer.sql ?? text);
  const lowerText = text.toLowerCase();
  const unused = (w: string) => !(matcher(w) || lowerText.includes(w) || (dated && CALENDAR.has(w)));
  const words = contentWords(input.question).filter(unused);
  const target = contentWords(shape.target.join(" ")).filter(unused);
  return { wordsUnused: words.length, targetUnused: target.length };
}

/** Column names inside aggregate calls of a SQL text: `SUM(T1."amount")` → fn "sum", column "amount". */
function aggregatedColumns(sql: string): Array<{ fn: string; column: string; distinct: boolean }> {
  return [...sql.matchAll(/\b(sum|avg|min|max|count)\s*\(\s*(distinct\s+)?(?:\w+\.)?"((?:[^"]|"")+)"/gi)].map((m) => ({
    fn: m[1].toLowerCase(),
    column: m[3],
    distinct: !!m[2],
  }));
}

/** The SELECT list's quoted column names (top level of the outer query). */
function selectedColumns(sql: string): string[] {
  const head = /select\s+([\s\S]*?)\s+from\s/i.exec(sql)?.[1] ?? "";
  return [...head.matchAll(/"((?:[^"]|"")+)"/g)].map((m) => m[1]);
}

/** The reading, aggregation, grounding and rival signals of one answer. */
export function readingSignals(input: AssessInput, facts: TraceFacts, shape: QuestionShape): ReadingSignals {
  const sql = input.answer.sql ?? "";
  const aggs = aggregatedColumns(sql);
  const keyAggregated = aggs.some((a) => a.fn !== "count" && KEY_NAME.test(a.column));
  const whichWord = WHICH_WHO.test(input.question);
  const selected = sql ? selectedColumns(sql) : [];
  const idForWhich = whichWord && !aggs.length && selected.length > 0 && selected.every((c) => KEY_NAME.test(c));
  const joins = (sql.match(/\bjoin\b/gi) ?? []).length;
  const joinAggregate =
    joins > 0 &&
    !/\bin\s*\(\s*select\b|\bexists\s*\(/i.test(sql) &&
    aggs.some((a) => a.fn !== "min" && a.fn !== "max" && !a.distinct);
  // Words compared as text ('Paris', '%Ford%'); dates and numbers are read by the range parser, not the cell index.
  const texts = sqlStrings(sql)
    .map((s) => s.replace(/^%|%$/g, ""))
    .filter((s) => /\p{L}/u.test(s));
  const literalsUnseen = texts.filter((s) => !facts.hits.has(s.toLowerCase())).length;
  const v = input.answer.values;
  const zeroCount = shape.shape === "count" && v.length === 1 && v[0] !== null && Number(v[0]) === 0;
  const rivalProbability = Math.max(0, ...(input.answer.alternatives ?? []).map((a) => a.probability ?? 0));
  return {
    ...unusedWords(input, shape),
    keyAggregated,
    idForWhich,
    joinAggregate,
    literalsUnseen,
    zeroCount,
    rivalProbability,
  };
}
