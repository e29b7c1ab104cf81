import { refKey } from "../../model/column-ref";
import type { ColumnRef } from "../../model/index-types";
import { quoteIdent, sqlLiteral } from "../sql/literals";
import { tableOf, type RetrievalSchema } from "../ports";
import type { ConstraintKind } from "../../trace/kinds-constraints";
import type { ResolvedConstraints } from "./types";

/** Why a statement breaks a constraint: which kind, on what, in words. */
export type Violation = { kind: ConstraintKind; target: string; reason: string };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether a SELECT reads a column of a table. The answer's SQL names tables as `<sqlRef> AS T1`
 * and columns as `T1."column"`; SQL a model wrote may skip the alias or the quotes, so those forms
 * count too. It errs towards "used" for an unaliased bare name, which is the safe side for an
 * excluded column.
 */
export function sqlUsesColumn(sql: string, ref: ColumnRef, schema: RetrievalSchema): boolean {
  const table = tableOf(schema, ref.table);
  const sqlRef = table?.sqlRef ?? quoteIdent(ref.table);
  const bareTable = sqlRef.split(".").at(-1)?.replace(/^"|"$/g, "") ?? ref.table;
  const tableRe = new RegExp(`(${escapeRe(sqlRef)}|\\b${escapeRe(bareTable)}\\b|"${escapeRe(bareTable)}")`, "i");
  if (!tableRe.test(sql)) return false;
  const col = `(${escapeRe(quoteIdent(ref.column))}|\\b${escapeRe(ref.column)}\\b)`;
  const aliases = [
    ...sql.matchAll(new RegExp(`(?:${escapeRe(sqlRef)}|"?${escapeRe(bareTable)}"?)\\s+(?:AS\\s+)?(\\w+)`, "gi")),
  ]
    .map((m) => m[1])
    .filter(
      (a) => !/^(join|on|where|group|order|limit|inner|left|cross|natural|using|union|except|intersect)$/i.test(a),
    );
  const qualified = [...aliases, bareTable, `"${bareTable}"`].map(escapeRe).join("|");
  if (new RegExp(`(?:${qualified})\\s*\\.\\s*${col}`, "i").test(sql)) return true;
  // Unqualified names: only when no other table of the query is aliased (one-table SQL).
  return !/\bJOIN\b/i.test(sql) && new RegExp(col, "i").test(sql);
}

/**
 * Why this SQL breaks the constraints (the first reason), or null when it honours them all: no
 * excluded column, every pinned column, every condition's column with its value.
 */
export function constraintViolation(
  sql: string,
  c: ResolvedConstraints,
  include: readonly ColumnRef[],
  schema: RetrievalSchema,
): Violation | null {
  for (const ref of c.exclude)
    if (sqlUsesColumn(sql, ref, schema))
      return { kind: "exclude-column", target: refKey(ref), reason: `it reads excluded column ${refKey(ref)}` };
  for (const ref of include)
    if (!sqlUsesColumn(sql, ref, schema))
      return { kind: "include-column", target: refKey(ref), reason: `it does not read pinned column ${refKey(ref)}` };
  for (const cond of c.conditions) {
    const lit = sqlLiteral(cond.value);
    const target = `${refKey(cond.ref)} = ${lit}`;
    if (!sqlUsesColumn(sql, cond.ref, schema) || !sql.includes(lit))
      return { kind: "condition", target, reason: `it does not test ${target}` };
  }
  return null;
}
