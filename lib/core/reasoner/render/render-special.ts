import type { FromClause } from "../../retrieval/sql/from";
import { constraintSql, numericCast } from "../../retrieval/sql/predicate";
import type { AnswerColumn, AnswerInput, Constraint } from "../answer/input";
import type { QueryPlan } from "../programs/plan";
import { SQL_AGGREGATE as FN, type RenderedQuery } from "./rendered-query";
import { LOWER } from "../lang/en/readings";

/** The conditions a special plan adds to or splits off the shared ones. */
export function specialConditions(s: NonNullable<QueryPlan["special"]>): Constraint[] {
  if (s.kind === "adjacent") return [s.anchor];
  return s.kind === "percentage" ? s.part : s.sides;
}

/**
 * Renders a comparison of two sides (difference, ratio, which of two is higher) or a share
 * (percentage) as one SELECT: each side is the measure over the shared conditions and its own.
 */
export function renderSpecial(
  plan: QueryPlan,
  input: AnswerInput,
  from: FromClause,
  where: string[],
  col: (c: AnswerColumn) => string | null,
  notes: string[],
): RenderedQuery {
  const s = plan.special!;
  if (s.kind === "adjacent") throw new Error("adjacent rows are rendered inline");
  const cond = (c: Constraint) => constraintSql(from.alias.get(c.table) ?? "T1", c);
  const raw = s.column ? col(s.column) : null;
  const value = raw && s.column?.numericText ? numericCast(raw) : raw;
  const base = (extra: string[]) => {
    const all = [...where, ...extra];
    return `FROM ${from.sql}${all.length ? ` WHERE ${all.join(" AND ")}` : ""}`;
  };
  const done = (sql: string): RenderedQuery => ({
    sql: sql.replace(/\s+/g, " "),
    evidenceSql: null,
    evidence: { rowIdTables: [], columns: [] },
    notes,
  });
  if (s.kind === "percentage") {
    const m = value ?? "1";
    const part = s.part.map(cond).join(" AND ");
    return done(`SELECT 100.0 * SUM(CASE WHEN ${part} THEN ${m} ELSE 0 END) / NULLIF(SUM(${m}), 0) ${base([])}`);
  }
  if (s.kind === "comparison") {
    const sideCol = input.columns.find((c) => c.table === s.sides[0].table && c.column === s.sides[0].column);
    const label = (sideCol && col(sideCol)) ?? "NULL";
    const order = value ? `ORDER BY ${value} ${LOWER.test(input.question) ? "ASC" : "DESC"}` : "";
    return done(`SELECT ${label} ${base([`(${cond(s.sides[0])} OR ${cond(s.sides[1])})`])} ${order} LIMIT 1`);
  }
  const measure = value && s.fn ? `${FN[s.fn]}(${value})` : value;
  const side = (c: Constraint) =>
    measure && s.fn
      ? `(SELECT ${measure} ${base([cond(c)])})`
      : measure
        ? `(SELECT ${measure} ${base([cond(c)])} LIMIT 1)`
        : `(SELECT COUNT(*) ${base([cond(c)])})`;
  const [a, b] = s.sides.map(side);
  return done(s.kind === "ratio" ? `SELECT 1.0 * ${a} / NULLIF(${b}, 0)` : `SELECT ABS(${a} - ${b})`);
}
