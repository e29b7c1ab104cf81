import type { ColumnRef } from "../../model/index-types";
import type { EventSink } from "../../trace/sink";
import type { AnswerColumn, AnswerInput } from "../answer/input";
import type { MappedColumn } from "../../retrieval/cell-mapping";
import { schemaDocs, tableMatch } from "../../retrieval/schema-docs";
import { edgePairs } from "../../retrieval/sql/from";
import { quoteIdent } from "../../retrieval/sql/literals";
import { runTraced } from "../../retrieval/sql/run";
import { refKey } from "../../model/column-ref";
import { columnOf, tableOf, type RetrievalPorts } from "../../retrieval/ports";
import { referenceColumns, roleOf } from "./roles";
import { semanticModelOf } from "./semantic";
import { columnFacts, dateFormatOf, entitiesOf } from "./semantic-facts";
import type { RangeInput } from "../question/ranges/step";
import type { AnswerParams, CellHint, FilledSchema, ParsedQuestion, SubTable } from "../../retrieval/types";

/** Tables the question names outright (its subject, a counted or negated noun), for schema filling. */
export function mentionedTables(parsed: ParsedQuestion, ports: RetrievalPorts, min = 0.5): string[] {
  const { tables } = schemaDocs(ports.schema);
  // A negated or counted noun ("who do not play poker", "more than one pet") names a table loosely.
  const loose = [parsed.having?.phrase, parsed.negation?.phrase].map((ph) => ({ ph, min: Math.min(min, 0.5) }));
  const strict = [
    parsed.subject,
    parsed.superlative?.byCount ? parsed.superlative.phrase : null,
    ...parsed.aggregates.filter((a) => a.fn === "count").map((a) => a.phrase),
    // "Which office …": the rows asked for are named by their table, answered by its label.
    ...parsed.targets,
  ].map((ph) => ({ ph, min }));
  const out = new Set<string>();
  for (const { ph, min: floor } of [...strict, ...loose]) {
    if (!ph) continue;
    let best: string | null = null;
    let score = floor;
    for (const t of tables) {
      const s = tableMatch(ph, t);
      if (s >= score) [best, score] = [t.table, s];
    }
    if (best) out.add(best);
  }
  return [...out];
}

const numericMax = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** A column's latest date as ISO (its profile's largest date, or the last day of its largest year). */
function latestDate(max: unknown): string | null {
  if (typeof max === "string" && /^\d{4}-\d{2}-\d{2}/.test(max)) return max.slice(0, 10);
  if (typeof max === "number" && Number.isInteger(max) && max >= 1000 && max <= 2200) return `${max}-12-31`;
  return null;
}

/** Range parsing's view of the selected columns. */
export function rangeInput(
  question: string,
  parsed: ParsedQuestion,
  hints: CellHint[],
  columns: ColumnRef[],
  ports: RetrievalPorts,
): RangeInput {
  const docs = new Map(schemaDocs(ports.schema).columns.map((d) => [refKey(d), d]));
  const model = semanticModelOf(ports);
  return {
    question,
    parsed,
    hints,
    columns: columns.flatMap((c) => {
      const d = docs.get(refKey(c));
      return d
        ? [
            {
              ...columnFacts(model, d),
              table: d.table,
              column: d.column,
              name: d.name,
              type: d.type,
              words: d.words,
              own: d.own,
              keyLike: d.keyLike,
              numericText: d.numericText,
              examples: d.examples.slice(0, 3),
              ...dateFormatOf(model, d),
              max: numericMax(columnOf(ports.schema, d)?.profile?.max),
              latest: latestDate(columnOf(ports.schema, d)?.profile?.max),
            },
          ]
        : [];
    }),
  };
}

/** Fetches the retrieved rows of each sub-table for the llm answer (capped per table). */
async function subTableRows(
  subTables: SubTable[],
  params: AnswerParams,
  ports: RetrievalPorts,
  sink: EventSink,
): Promise<AnswerInput["subTables"]> {
  const out: AnswerInput["subTables"] = [];
  for (const s of subTables) {
    const meta = tableOf(ports.schema, s.table);
    if (!meta || !s.columns.length) continue;
    const cols = s.columns.map(quoteIdent).join(", ");
    const ids = s.rowIds ? s.rowIds.slice(0, params.maxSubTableRows) : null;
    const where = ids ? ` WHERE rowid IN (${ids.join(", ") || "NULL"})` : "";
    const rowid = meta.hasRowId ? "rowid, " : "";
    const res = await runTraced(
      ports,
      sink,
      `SELECT ${rowid}${cols} FROM ${meta.sqlRef}${where} LIMIT ${params.maxSubTableRows}`,
      "sub-table rows for the answer",
      params.maxSubTableRows,
    );
    const rows = (res?.rows ?? []).map((r) =>
      meta.hasRowId ? { rowId: Number(r[0]), values: r.slice(1) } : { rowId: null, values: r },
    );
    out.push({ table: s.table, columns: s.columns, rows, rowCount: s.rowCount, totalRows: s.totalRows });
  }
  return out;
}

/** Everything the answer step needs, from the earlier stages. */
export async function answerInput(
  question: string,
  parsed: ParsedQuestion,
  filled: FilledSchema,
  frequency: Map<string, number>,
  mapped: MappedColumn[],
  subTables: SubTable[],
  params: AnswerParams,
  ports: RetrievalPorts,
  sink: EventSink,
): Promise<AnswerInput> {
  const docs = schemaDocs(ports.schema).columns;
  const selected = new Set(filled.columns.map(refKey));
  const references = referenceColumns(ports.graph);
  const model = semanticModelOf(ports);
  const columns: AnswerColumn[] = docs
    .filter((d) => filled.tables.includes(d.table))
    .map((d) => ({
      table: d.table,
      column: d.column,
      name: d.name,
      type: d.type,
      words: d.words,
      own: d.own,
      keyLike: d.keyLike,
      isPrimaryKey: d.isPrimaryKey,
      numericText: d.numericText,
      uniqueness: d.uniqueness,
      selected: selected.has(refKey(d)),
      frequency: Math.min(1, frequency.get(refKey(d)) ?? 0),
      role: roleOf(model, { ...d, profile: columnOf(ports.schema, d)?.profile }, references.has(refKey(d))),
      ...dateFormatOf(model, d),
      ...columnFacts(model, d),
    }));
  const tables = filled.tables.flatMap((t) => {
    const meta = tableOf(ports.schema, t);
    const doc = schemaDocs(ports.schema).tables.find((x) => x.table === t);
    return meta
      ? [{ name: t, sqlRef: meta.sqlRef, words: doc?.words ?? [], rowCount: meta.rowCount, hasRowId: meta.hasRowId }]
      : [];
  });
  return {
    question,
    parsed,
    columns,
    tables,
    entities: entitiesOf(
      model,
      tables.map((t) => t.name),
    ),
    join: { tables: filled.join?.tables.length ? filled.join.tables : filled.tables, edges: edgePairs(filled.join) },
    constraints: mapped.map((m) => ({
      table: m.ref.table,
      column: m.ref.column,
      predicate: m.predicate,
      numeric: m.numeric,
      cast: m.cast,
      source: m.range.source ?? "",
      ...dateFormatOf(
        model,
        docs.find((d) => d.table === m.ref.table && d.column === m.ref.column),
      ),
    })),
    subTables: ports.reasoner === "llm" && ports.llm ? await subTableRows(subTables, params, ports, sink) : [],
    maxRows: params.maxAnswerRows,
  };
}
