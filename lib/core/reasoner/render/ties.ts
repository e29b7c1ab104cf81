/**
 * A superlative that keeps every tied winner: instead of ORDER BY … LIMIT 1, which keeps one row
 * of a tie at random, the rows (or groups) whose value equals the extreme value. "Which office
 * has the fewest employees?" lists all four offices with one employee each.
 */
export function tiedExtreme(parts: {
  from: string;
  where: string[];
  groupBy: string[];
  orderItem: string;
  direction: "asc" | "desc";
}): { where: string | null; having: string | null } {
  const fn = parts.direction === "desc" ? "MAX" : "MIN";
  const where = parts.where.length ? ` WHERE ${parts.where.join(" AND ")}` : "";
  if (!parts.groupBy.length)
    return {
      where: `${parts.orderItem} = (SELECT ${fn}(${parts.orderItem}) FROM ${parts.from}${where})`,
      having: null,
    };
  const inner = `SELECT ${parts.orderItem} AS v FROM ${parts.from}${where} GROUP BY ${parts.groupBy.join(", ")}`;
  return { where: null, having: `${parts.orderItem} = (SELECT ${fn}(X.v) FROM (${inner}) AS X)` };
}
