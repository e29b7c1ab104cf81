// Whether two engines' different answers to the same top-1 query are tied rows: the query's ORDER BY
// key is equal for both, so either is what the SQL asks for (SQL leaves the order of ties open).
import Database from "libsql";
import { sameResult } from "../../lib/core/eval/exec-match.ts";

type Rows = Array<Array<string | number | null>>;

/** True when `sql` ends in ORDER BY <key> ASC|DESC LIMIT 1 and `other` is one of the rows tied at the top. */
export function isTopTie(file: string, sql: string, other: Rows): boolean {
  const m = /^SELECT (DISTINCT )?([\s\S]+?) (FROM [\s\S]+) ORDER BY ([\s\S]+) (ASC|DESC) LIMIT 1$/.exec(
    sql.replace(/"src\d+"\./g, ""),
  );
  if (!m || other.length !== 1) return false;
  const [, distinct = "", list, rest, key] = m;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare(`SELECT ${distinct}${key} AS __key, ${list} ${rest}`).raw(true).all() as unknown[][];
    if (!rows.length) return false;
    const desc = m[5] === "DESC";
    const keys = rows.map((r) => Number(r[0]));
    const top = desc ? Math.max(...keys) : Math.min(...keys);
    const tied = rows.filter((r) => Number(r[0]) === top).map((r) => r.slice(1) as Rows[number]);
    return tied.length > 1 && tied.some((r) => sameResult([r], other));
  } catch {
    return false;
  } finally {
    db.close();
  }
}
