import { parseColumnKey } from "../../model/column-ref";
import type { ColumnRef, JoinPath } from "../../model/index-types";
import { tableOf, type RetrievalSchema } from "../ports";
import { quoteIdent } from "./literals";

export type FromClause = { sql: string; alias: Map<string, string>; tables: string[] };
export type EdgePair = { a: ColumnRef; b: ColumnRef };

/** The column pairs of a join path's edges. */
export function edgePairs(join: JoinPath | null): EdgePair[] {
  return (join?.edges ?? []).map((e) => ({ a: parseColumnKey(e.source), b: parseColumnKey(e.target) }));
}

/**
 * A FROM clause over tables in join order: the first table, then each next table joined on the
 * edges that link it to a table already joined (all column pairs of a composite key). Tables
 * with no such edge are skipped. Aliases are `${prefix}1`, `${prefix}2`, …
 */
export function fromClause(
  order: readonly string[],
  edges: readonly EdgePair[],
  sqlRefOf: (table: string) => string | undefined,
  prefix = "T",
): FromClause {
  const alias = new Map<string, string>();
  const parts: string[] = [];
  const pending = [...new Set(order)];
  // Repeat passes so a table listed before its neighbour still finds it joined.
  for (let pass = 0; pass < 3 && pending.length; pass++) {
    for (const t of [...pending]) {
      const ref = sqlRefOf(t);
      if (!ref) {
        pending.splice(pending.indexOf(t), 1);
        continue;
      }
      const a = `${prefix}${alias.size + 1}`;
      if (alias.size === 0) {
        parts.push(`${ref} AS ${a}`);
        alias.set(t, a);
        pending.splice(pending.indexOf(t), 1);
        continue;
      }
      const on = edges
        .filter((e) => (e.a.table === t && alias.has(e.b.table)) || (e.b.table === t && alias.has(e.a.table)))
        .map((e) => {
          const [mine, other] = e.a.table === t ? [e.a, e.b] : [e.b, e.a];
          return `${a}.${quoteIdent(mine.column)} = ${alias.get(other.table)}.${quoteIdent(other.column)}`;
        });
      if (!on.length) continue;
      alias.set(t, a);
      parts.push(`JOIN ${ref} AS ${a} ON ${[...new Set(on)].join(" AND ")}`);
      pending.splice(pending.indexOf(t), 1);
    }
  }
  return { sql: parts.join(" "), alias, tables: [...alias.keys()] };
}

/** fromClause over a schema and a join path from the schema graph. */
export function buildFrom(schema: RetrievalSchema, tables: string[], join: JoinPath | null): FromClause {
  const order = join && join.tables.length ? join.tables : tables.slice(0, 1);
  return fromClause(order, edgePairs(join), (t) => tableOf(schema, t)?.sqlRef);
}
