import type { AnswerColumn, AnswerInput, Constraint } from "../../../answer/input";
import type { QueryPlan, SelectItem } from "../../../programs/plan";
import { parseQuestionLocally } from "../../../question/parse";

/**
 * Test support (not used by shipped code): the realworld tune half's program shapes, one example
 * each, as `npm run eval -- reading-shapes` wrote them (tune-shapes.json.gz beside this file, read
 * by the test: core does no I/O), turned back into answer inputs and query plans for the reading
 * render test.
 */

export type StoredShapes = {
  questions: Array<{ id: string; question: string; input: Record<string, unknown>; plans: Record<string, unknown>[] }>;
};

export type TuneProgram = { id: string; input: AnswerInput; plan: QueryPlan };

function column(raw: Record<string, unknown>): AnswerColumn {
  const words = (raw.words as string[] | undefined) ?? [];
  return {
    own: words,
    keyLike: false,
    isPrimaryKey: false,
    numericText: false,
    uniqueness: 0,
    selected: true,
    frequency: 1,
    role: "text",
    ...raw,
    words,
  } as AnswerColumn;
}

function condition(raw: { table: string; column: string; predicate: Constraint["predicate"] }): Constraint {
  return { ...raw, numeric: typeof raw.predicate.values[0] === "number", cast: false, source: "" };
}

/** Every stored program with the input its reading is rendered against. */
export function tunePrograms(stored: StoredShapes): TuneProgram[] {
  return stored.questions.flatMap((q) => {
    const raw = q.input as Partial<AnswerInput> & { columns: Record<string, unknown>[] };
    const columns = raw.columns.map(column);
    const input: AnswerInput = {
      question: q.question,
      parsed: parseQuestionLocally(q.question),
      columns,
      tables: raw.tables ?? [],
      ...(raw.entities ? { entities: raw.entities } : {}),
      join: raw.join ?? { tables: [], edges: [] },
      constraints: [],
      subTables: [],
      maxRows: raw.maxRows ?? 200,
    };
    const byKey = new Map(columns.map((c) => [`${c.table}.${c.column}`, c]));
    const col = (k: unknown) => (typeof k === "string" ? (byKey.get(k) ?? null) : null);
    const item = (s: { fn: SelectItem["fn"]; column: unknown; distinct: boolean }): SelectItem => ({
      fn: s.fn,
      column: col(s.column),
      distinct: s.distinct,
    });
    return q.plans.map((p) => {
      const special = p.special as (Record<string, unknown> & { kind: string }) | undefined;
      const plan = {
        operation: p.operation,
        mainTable: p.mainTable,
        select: ((p.select as []) ?? []).map(item),
        where: ((p.where as []) ?? []).map(condition),
        negation: p.negation
          ? {
              table: (p.negation as { table: string | null }).table ?? null,
              constraints: ((p.negation as { constraints: [] }).constraints ?? []).map(condition),
            }
          : null,
        groupBy: ((p.groupBy as unknown[]) ?? []).map(col).filter((c): c is AnswerColumn => !!c),
        having: p.having ?? null,
        orderBy: p.orderBy
          ? {
              item: item((p.orderBy as { item: never }).item),
              direction: (p.orderBy as { direction: "asc" | "desc" }).direction,
            }
          : null,
        rowOrder: p.rowOrder ?? null,
        limit: p.limit ?? null,
        ties: !!p.ties,
        distinct: !!p.distinct,
        extraTables: p.extraTables ?? [],
        special: special ? { ...special, ...("column" in special ? { column: col(special.column) } : {}) } : null,
        notes: [],
      } as unknown as QueryPlan;
      return { id: q.id, input, plan };
    });
  });
}
