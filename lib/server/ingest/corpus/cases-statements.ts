import { FORMULA_CELLS } from "@/lib/core/util/testing/formula-payloads";

// The inputs of issue 35 that held the server, sent a key where it was not saved, or ran a
// formula (a probe of ~5,000 inputs, route by route), each generated here. survive-statements
// and survive-exports send them through the real routes while a second process polls GET /.

/** `SELECT (SELECT (SELECT … tail`, `close` of its parentheses closed. */
const nestedSelects = (depth: number, tail = "1", close = 0) =>
  `SELECT ${"(SELECT ".repeat(depth)}${tail}${")".repeat(close)}`;

export type StatementCase = {
  why: string;
  sql: string;
  /** The status the SQL box answers, and what must hold of its body. */
  status: 200 | 400;
  rows?: unknown[][];
  /** How long the answer may take (the inputs took seconds to 40 minutes). */
  withinMs: number;
};

/** SQL-box statements: each ends with a clear 400 or the right answer within its limit. */
export const STATEMENT_CASES: StatementCase[] = [
  ...[10, 13, 16].map((depth) => ({
    why: `${depth} unclosed nested SELECTs (${nestedSelects(depth).length} characters; 16 held the server ~40 min)`,
    sql: nestedSelects(depth),
    status: 400 as const,
    withinMs: 1000,
  })),
  {
    why: "13 nested SELECTs closed around a syntax error (balanced: the parser backtracked just as long)",
    sql: nestedSelects(13, "1 +", 13),
    status: 400,
    withinMs: 1500,
  },
  {
    why: "a 6,000-term expression (was a 500: the statement check overflowed its stack)",
    sql: `SELECT ${Array(6000).fill("1").join("+")}`,
    status: 400,
    withinMs: 1000,
  },
  {
    why: "a valid statement whose parse overruns MAX_SQL_CHECK_MS: its compiled program alone decides",
    sql: nestedSelects(12, "1 FROM (VALUES (1))", 12),
    status: 200,
    rows: [[1]],
    withinMs: 9000,
  },
  {
    why: "a window function with a frame (refused as a parse error although the guard lists it)",
    sql: "SELECT name, sum(price) OVER (ORDER BY price ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM items",
    status: 200,
    withinMs: 5000,
  },
  {
    why: "VALUES as a statement",
    sql: "VALUES (1, 'one'), (2, 'two')",
    status: 200,
    rows: [
      [1, "one"],
      [2, "two"],
    ],
    withinMs: 5000,
  },
  { why: "a read-only PRAGMA (issue 36)", sql: "PRAGMA table_info(items)", status: 200, withinMs: 5000 },
  { why: "a PRAGMA that sets something", sql: "PRAGMA query_only = 0", status: 400, withinMs: 1000 },
];

/** A 100 MB string: it came back whole with 200, and GET / waited 4.4 s. */
export const HUGE_RESULT_SQL = "SELECT printf('%.*c', 100000000, 'x') AS big";

/** Gold SQL of a question set that held a method's question thread ~150 s per question. */
export const HOSTILE_GOLD = [nestedSelects(13, "1 +", 13), nestedSelects(16)];

/** A table whose item names are formula payloads (and a price to rank them by). */
export function formulaItemsCsv(): string {
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const lines = FORMULA_CELLS.map((name, i) => `${quote(name)},${(i + 1) * 10}`);
  return `name,price\n${lines.join("\n")}\n`;
}

/** A CSV whose first index takes seconds (a re-import right after the upload met it). */
export function slowToIndexCsv(rows: number): string {
  const cities = ["Fresno", "Oakland", "Sacramento", "Irvine", "Modesto", "Stockton", "Eureka", "Chico"];
  const lines = Array.from({ length: rows }, (_, i) => `${i},Person ${i},${cities[i % 8]},${(i * 37) % 1000}`);
  return `id,name,city,score\n${lines.join("\n")}\n`;
}
