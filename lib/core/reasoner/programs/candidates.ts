import type { ProgramShape } from "../rank/features";
import type { AnswerColumn, AnswerInput, AnswerOutput, Constraint } from "../answer/input";
import { countStar, plain, type QueryPlan, type SelectItem } from "./plan";
import { renderPlan } from "../render/render";
import type { RenderedQuery } from "../render/rendered-query";
import { Resolver } from "../schema/resolve";
import { aggregates, isKeyRole } from "../schema/roles";
import { finishPlan } from "./labels";
import { readPlan, shownReading } from "../render/reading";
import { specialVariants } from "./special-plans";
import { planOperation, planShape } from "../rank/shape";
import { setOperations } from "./set-operations";
import { datePartPlans } from "./date-group";

/** One candidate program: its SQL, its evidence query, its reading and the shape the ranker scores. */
export type ProgramCandidate = {
  sql: string;
  operation: string;
  evidenceQuery: AnswerOutput["evidenceQuery"];
  shape: ProgramShape;
  /** The program in words (reading.ts): what "I read this as" shows and the ranker aligns with the question. */
  reading: string;
  /** The reading shown to people, conditions on other tables naming their table (reading.ts). */
  shown?: string;
  /** The plan behind the SQL: what a confirmed answer stores to reuse on similar questions. */
  plan: QueryPlan;
};

/** Upper bound on candidates per question (generation and scoring stay cheap). */
const MAX_CANDIDATES = 200;

const isNumeric = (c: AnswerColumn) => c.type === "integer" || c.type === "real" || c.numericText;
const agg = (fn: SelectItem["fn"], column: AnswerColumn | null, distinct = false): SelectItem => ({
  fn,
  column,
  distinct,
});

/** The evidence query of a rendered plan, as a candidate carries it. */
function evidenceOf(rendered: RenderedQuery): AnswerOutput["evidenceQuery"] {
  return rendered.evidenceSql
    ? {
        sql: rendered.evidenceSql,
        rowIdTables: rendered.evidence.rowIdTables,
        columns: rendered.evidence.columns.map((c) => ({ table: c.table, column: c.column })),
      }
    : null;
}

/** One plan as a candidate program: rendered, read and shaped for the ranker. */
export function planCandidate(
  plan: QueryPlan,
  input: AnswerInput,
  tags: string[],
  rulesOperation: string,
  fromRules = false,
): ProgramCandidate {
  const rendered = renderPlan(plan, input);
  return {
    sql: rendered.sql,
    operation: planOperation(plan, rulesOperation),
    evidenceQuery: evidenceOf(rendered),
    shape: planShape(plan, input, new Resolver(input), rendered.sql, tags, fromRules),
    reading: readPlan(plan, input),
    shown: shownReading(plan, input),
    plan,
  };
}

/**
 * Candidate programs from a small typed grammar over the linked schema (Pasupat & Liang's
 * floating parser, bounded): the rule plan; projections of the linked columns; COUNT, COUNT
 * DISTINCT, SUM/AVG/MIN/MAX; argmax/argmin by a numeric column; argmax/argmin of a group's count;
 * per-group counts and HAVING on the question's numbers, through the join tree; INTERSECT of two
 * values of one column ("both X and Y"); EXCEPT for a negation; the rule plan without each
 * condition. Every value comes from the mapped constraints; every name from the schema.
 */
export function generateCandidates(input: AnswerInput, rules: QueryPlan): ProgramCandidate[] {
  const r = new Resolver(input);
  const main = rules.mainTable;
  const inTree = new Set(input.join.tables.length ? input.join.tables : [main]);
  const out: ProgramCandidate[] = [];
  const seen = new Set<string>();
  const emit = (
    sql: string,
    plan: QueryPlan,
    evidence: AnswerOutput["evidenceQuery"],
    tags: string[],
    fromRules = false,
    reading?: string,
    shown?: string,
  ) => {
    if (out.length >= MAX_CANDIDATES || seen.has(sql)) return;
    seen.add(sql);
    out.push({
      sql,
      operation: planOperation(plan, rules.operation),
      evidenceQuery: evidence,
      shape: planShape(plan, input, r, sql, tags, fromRules),
      reading: reading ?? readPlan(plan, input),
      shown: shown ?? reading ?? shownReading(plan, input),
      plan,
    });
  };
  const add = (raw: QueryPlan, tags: string[] = [], fromRules = false) => {
    const plan = fromRules ? raw : finishPlan(raw, input, r);
    const rendered = renderPlan(plan, input);
    emit(rendered.sql, plan, evidenceOf(rendered), tags, fromRules);
  };
  add(rules, [], true);
  for (const v of specialVariants(rules, input, r)) add(v, ["special-variant"]);

  const consumed = rules.special ? rules.special.consumed : [];
  const where: Constraint[] = [...rules.where, ...consumed];
  const base: QueryPlan = {
    ...rules,
    select: [],
    where,
    groupBy: [],
    having: null,
    orderBy: null,
    rowOrder: null,
    limit: null,
    distinct: false,
    special: null,
    extraTables: [],
    notes: [],
  };
  const ruleCols = rules.select.map((s) => s.column).filter((c): c is AnswerColumn => !!c);
  const linked = input.columns
    .filter((c) => c.selected && inTree.has(c.table))
    .sort((a, b) => b.frequency - a.frequency);
  const nameOfMain = r.nameColumn(main);
  const pool = unique([...ruleCols, ...linked, ...(nameOfMain ? [nameOfMain] : [])]).slice(0, 6);
  // Measures are summed and averaged; dates (and years) are only ordered and taken min/max of.
  const numeric = unique(
    [...pool, ...input.columns.filter((c) => c.table === main)].filter(
      (c) => (isNumeric(c) || c.role === "date") && !c.keyLike && !isKeyRole(c.role),
    ),
  ).slice(0, 3);
  const labels = pool.filter((c) => !isNumeric(c) || c.keyLike).slice(0, 3);
  const shown = labels.length ? labels : pool.slice(0, 2);

  // Variants of the rule plan: each condition dropped, the negation read positively, DISTINCT.
  rules.where.forEach((_, i) => add({ ...rules, where: rules.where.filter((__, j) => j !== i) }, ["dropped:1"]));
  if (rules.negation)
    add({ ...rules, negation: null, where: [...rules.where, ...rules.negation.constraints] }, ["negation-dropped"]);
  if (!rules.special && rules.select.every((s) => !s.fn))
    add({ ...rules, distinct: !rules.distinct }, ["distinct-toggled"]);

  for (const c of pool) add({ ...base, select: [plain(c)] });
  // Several attributes at once ("the name and age of …"): pairs of the best-linked columns.
  const wide = pool.slice(0, 4);
  for (let i = 0; i < wide.length; i++)
    for (let j = i + 1; j < wide.length; j++) add({ ...base, select: [plain(wide[i]), plain(wide[j])] });
  if (wide.length >= 3) add({ ...base, select: wide.slice(0, 3).map(plain) });
  add({ ...base, select: [countStar()] });
  for (const c of labels) add({ ...base, select: [agg("count", c, true)] });
  for (const c of numeric)
    for (const fn of ["sum", "avg", "min", "max"] as const)
      if (aggregates(c.role, fn)) add({ ...base, select: [agg(fn, c)] });
  for (const n of numeric) {
    for (const direction of ["desc", "asc"] as const) {
      for (const s of shown)
        if (s !== n)
          add({ ...base, select: [plain(s)], orderBy: { item: plain(n), direction }, limit: rules.limit ?? 1 });
      if (shown.length >= 2)
        add({
          ...base,
          select: shown.slice(0, 2).map(plain),
          orderBy: { item: plain(n), direction },
          limit: rules.limit ?? 1,
        });
    }
  }
  const k = input.parsed.limit ?? 1;
  for (const g of shown) {
    for (const direction of ["desc", "asc"] as const)
      add({ ...base, select: [plain(g)], groupBy: [g], orderBy: { item: countStar(), direction }, limit: k });
    // "the customer who paid the most", "the five best-selling products": groups by a measure's total or average.
    for (const n of numeric.slice(0, 2))
      for (const fn of ["sum", "avg"] as const)
        if (aggregates(n.role, fn))
          for (const direction of ["desc", "asc"] as const)
            add({ ...base, select: [plain(g)], groupBy: [g], orderBy: { item: agg(fn, n), direction }, limit: k });
    add({ ...base, select: [plain(g), countStar()], groupBy: [g] });
    for (const n of numeric.slice(0, 2))
      for (const fn of ["avg", "sum", "max", "min"] as const)
        if (aggregates(n.role, fn)) add({ ...base, select: [plain(g), agg(fn, n)], groupBy: [g] });
  }
  // Argmax of a group's count, showing the group's label with its key ("the id and name of …").
  if (shown.length >= 2)
    add({
      ...base,
      select: shown.slice(0, 2).map(plain),
      groupBy: [shown[0]],
      orderBy: { item: countStar(), direction: "desc" },
      limit: 1,
    });
  const havings = [
    ...(input.parsed.having ? [{ op: input.parsed.having.comparator, value: input.parsed.having.value }] : []),
    ...input.parsed.numbers.map((n) => ({ op: n.comparator === "=" ? (">=" as const) : n.comparator, value: n.value })),
  ].slice(0, 2);
  const key = r.keyColumn(main);
  for (const h of havings) {
    for (const s of shown.slice(0, 2)) {
      const group = key && s.table === main ? key : s;
      add({ ...base, select: [plain(s)], groupBy: [group], having: h });
      if (shown.length >= 2 && s === shown[0])
        add({ ...base, select: shown.slice(0, 2).map(plain), groupBy: [group], having: h });
    }
  }
  // "Which month had the most …": groups of a date part.
  for (const plan of datePartPlans(input, base, numeric)) add(plan, ["date-part"]);
  setOperations(input, rules, where, emit, add);
  return out;
}

function unique(cols: AnswerColumn[]): AnswerColumn[] {
  const out: AnswerColumn[] = [];
  for (const c of cols) if (!out.some((x) => x.table === c.table && x.column === c.column)) out.push(c);
  return out;
}
