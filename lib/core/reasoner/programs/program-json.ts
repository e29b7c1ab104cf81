import { columnKey, parseColumnKey } from "../../model/column-ref";
import type { ProgramJson } from "../../model/program";
import type { AnswerColumn, AnswerInput, Constraint } from "../answer/input";
import type { QueryPlan, SelectItem } from "./plan";
import type { DatePartUnit } from "../../model/date-part";
import { partColumn } from "./date-group";

export type { ProgramJson } from "../../model/program";

/** A column's key; a date part of a column is keyed "table.column@month". */
const key = (c: AnswerColumn) => `${columnKey(c.table, c.column)}${c.part ? `@${c.part}` : ""}`;
const item = (s: SelectItem) => ({
  fn: s.fn,
  column: s.column ? key(s.column) : null,
  distinct: s.distinct,
  ...(s.joined?.length ? { joined: s.joined.map(key) } : {}),
});
const condition = (c: Constraint) => ({
  column: columnKey(c.table, c.column),
  op: c.predicate.op,
  values: c.predicate.values,
  numeric: c.numeric,
  cast: c.cast,
  source: c.source,
  ...(c.predicate.part ? { part: c.predicate.part } : {}),
});

/** The plan as JSON. */
export function planToJson(plan: QueryPlan): ProgramJson {
  return {
    mainTable: plan.mainTable,
    operation: plan.operation,
    select: plan.select.map(item),
    where: plan.where.map(condition),
    negation: plan.negation ? { where: plan.negation.constraints.map(condition), table: plan.negation.table } : null,
    groupBy: plan.groupBy.map(key),
    having: plan.having
      ? {
          op: plan.having.op,
          value: plan.having.value,
          ...(plan.having.distinct ? { distinct: key(plan.having.distinct) } : {}),
        }
      : null,
    orderBy: plan.orderBy ? { item: item(plan.orderBy.item), direction: plan.orderBy.direction } : null,
    rowOrder: plan.rowOrder,
    limit: plan.limit,
    ties: !!plan.ties,
    distinct: plan.distinct,
    extraTables: plan.extraTables,
    special: plan.special?.kind ?? null,
  };
}

/**
 * The JSON read back as a plan over this run's columns; null when a column it names is not among
 * them (the confirmed program read other tables) or it was a special plan.
 */
export function planFromJson(json: ProgramJson, input: AnswerInput): QueryPlan | null {
  if (json.special) return null;
  const byKey = new Map(input.columns.map((c) => [key(c), c]));
  const col = (k: string | null): AnswerColumn | null | undefined => {
    if (k === null) return null;
    const [base, part] = k.split("@") as [string, DatePartUnit | undefined];
    const c = byKey.get(base);
    return c && part ? partColumn(c, part) : c;
  };
  const items = (s: ProgramJson["select"][number]): SelectItem | null => {
    const c = col(s.column);
    const joined = (s.joined ?? []).map((k) => byKey.get(k));
    if (c === undefined || joined.some((j) => !j)) return null;
    return {
      fn: s.fn,
      column: c,
      distinct: s.distinct,
      ...(joined.length ? { joined: joined as AnswerColumn[] } : {}),
    };
  };
  const conditions = (cs: ProgramJson["where"]): Constraint[] | null => {
    const out: Constraint[] = [];
    for (const c of cs) {
      const ref = parseColumnKey(c.column);
      if (!byKey.has(c.column)) return null;
      out.push({
        ...ref,
        predicate: { op: c.op, values: c.values, ...(c.part ? { part: c.part } : {}) },
        numeric: c.numeric,
        cast: c.cast,
        source: c.source,
      });
    }
    return out;
  };
  const select = json.select.map(items);
  const where = conditions(json.where);
  const negated = json.negation ? conditions(json.negation.where) : [];
  const groupBy = json.groupBy.map(col);
  const order = json.orderBy ? items(json.orderBy.item) : null;
  if (select.some((s) => !s) || !where || !negated || groupBy.some((g) => !g) || (json.orderBy && !order)) return null;
  return {
    operation: json.operation as QueryPlan["operation"],
    mainTable: json.mainTable,
    select: select as SelectItem[],
    where,
    negation: json.negation ? { constraints: negated, table: json.negation.table } : null,
    groupBy: groupBy as AnswerColumn[],
    having: json.having
      ? {
          op: json.having.op,
          value: json.having.value,
          distinct: json.having.distinct ? col(json.having.distinct) : null,
        }
      : null,
    orderBy: order && json.orderBy ? { item: order, direction: json.orderBy.direction } : null,
    rowOrder: json.rowOrder,
    limit: json.limit,
    ties: json.ties,
    distinct: json.distinct,
    extraTables: json.extraTables,
    special: null,
    notes: [],
  };
}
