import type { ColumnType } from "../../model/dataset";
import { parseQuestionLocally } from "../question/parse";
import type { AnswerColumn, AnswerInput, Constraint, JoinEdge } from "../answer/input";
import type { QueryPlan } from "../programs/plan";

/**
 * Test support (not used by shipped code): a small shop — customers, orders, order lines — as an
 * AnswerInput, so answer-step pieces (rendering, readings, roles) can be tested without an index.
 */
type Col = [table: string, column: string, type: ColumnType, role: AnswerColumn["role"], extra?: Partial<AnswerColumn>];

const COLUMNS: Col[] = [
  ["customers", "customer_id", "integer", "identifier", { isPrimaryKey: true, uniqueness: 1, keyLike: true }],
  ["customers", "name", "text", "label", { uniqueness: 1 }],
  ["customers", "country", "text", "category", { uniqueness: 0.1 }],
  ["orders", "order_id", "integer", "identifier", { isPrimaryKey: true, uniqueness: 1, keyLike: true }],
  ["orders", "customer_id", "integer", "reference", { keyLike: true, uniqueness: 0.3 }],
  ["orders", "order_date", "date", "date", { uniqueness: 0.8 }],
  ["orders", "freight", "real", "measure", { uniqueness: 0.9 }],
  ["order_lines", "order_id", "integer", "reference", { keyLike: true, uniqueness: 0.4 }],
  ["order_lines", "product", "text", "category", { uniqueness: 0.05 }],
  ["order_lines", "quantity", "integer", "measure", { uniqueness: 0.02 }],
];

function column([table, column, type, role, extra]: Col): AnswerColumn {
  const words = column.split("_").filter((w) => w !== "id" || column === "id");
  return {
    table,
    column,
    name: column,
    type,
    words: column.split("_"),
    own: words.length ? words : [column],
    keyLike: false,
    isPrimaryKey: false,
    numericText: false,
    uniqueness: 0.5,
    selected: true,
    frequency: 1,
    role,
    ...extra,
  };
}

const EDGES: JoinEdge[] = [
  { a: { table: "orders", column: "customer_id" }, b: { table: "customers", column: "customer_id" } },
  { a: { table: "order_lines", column: "order_id" }, b: { table: "orders", column: "order_id" } },
];

/** The shop's AnswerInput for a question, with the given conditions. */
export function shopInput(question: string, constraints: Constraint[] = []): AnswerInput {
  const tables = ["customers", "orders", "order_lines"];
  return {
    question,
    parsed: parseQuestionLocally(question),
    columns: COLUMNS.map(column),
    tables: tables.map((name) => ({ name, sqlRef: `"${name}"`, words: name.split("_"), rowCount: 10, hasRowId: true })),
    join: { tables, edges: EDGES },
    constraints,
    subTables: [],
    maxRows: 100,
  };
}

/** A condition of the shop input. */
export function shopCondition(
  table: string,
  column: string,
  op: Constraint["predicate"]["op"],
  value: string | number,
) {
  return {
    table,
    column,
    predicate: { op, values: [value] },
    numeric: typeof value === "number",
    cast: false,
    source: String(value),
  };
}

/** A column of the shop input by table and name. */
export function shopColumn(input: AnswerInput, table: string, column: string): AnswerColumn {
  const c = input.columns.find((x) => x.table === table && x.column === column);
  if (!c) throw new Error(`no column ${table}.${column}`);
  return c;
}

/** A plan over the shop input: nothing but its conditions unless `over` says more. */
export function shopPlan(input: AnswerInput, over: Partial<QueryPlan> = {}): QueryPlan {
  return {
    operation: "count",
    mainTable: "orders",
    select: [],
    where: input.constraints,
    negation: null,
    groupBy: [],
    having: null,
    orderBy: null,
    rowOrder: null,
    limit: null,
    distinct: false,
    extraTables: [],
    special: null,
    notes: [],
    ...over,
  };
}
