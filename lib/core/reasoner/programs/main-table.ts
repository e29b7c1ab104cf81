import type { AnswerInput } from "../answer/input";
import type { Resolver } from "../schema/resolve";

/** The table the question is about: its subject, the counted noun, or the table of its targets. */
export function mainTableOf(input: AnswerInput, r: Resolver): string {
  const p = input.parsed;
  const candidates = [
    p.subject,
    ...p.aggregates.filter((a) => a.fn === "count").map((a) => a.phrase),
    ...p.targets,
  ].filter((x): x is string => !!x);
  for (const c of candidates) {
    const t = r.table(c, 0.55);
    if (t) return t;
  }
  for (const t of p.targets) {
    const col = r.resolve(t);
    if (col) return col.table;
  }
  const weight = new Map<string, number>();
  for (const c of input.columns)
    if (c.selected) weight.set(c.table, (weight.get(c.table) ?? 0) + c.frequency + (c.keyLike ? 0 : 0.5));
  return (
    [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? input.join.tables[0] ?? input.tables[0]?.name ?? ""
  );
}
