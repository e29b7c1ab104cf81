import type { AnswerInput, Constraint } from "./input";
import type { QueryPlan } from "./plan";
import type { Resolver } from "./resolve";

// Plans that are not one SELECT over filtered rows: a row next to another, and two sides compared.

/** "the team previous to Crettyard": the row next to the one a constraint of the main table picks. */
export function adjacentRow(input: AnswerInput, main: string, constraints: Constraint[]): QueryPlan["special"] {
  const adj = input.parsed.adjacent;
  if (!adj) return null;
  const phrase = adj.phrase.toLowerCase();
  const anchor = constraints.find(
    (c) =>
      c.table === main &&
      (phrase.includes((c.source || "").toLowerCase()) ||
        c.predicate.values.some((v) => typeof v === "string" && phrase.includes(v.toLowerCase()))),
  );
  return anchor ? { kind: "adjacent", offset: adj.offset, anchor, consumed: [anchor] } : null;
}

/** "How many more … A than B?" / "Which is higher, A or B?": two values of one constrained column. */
export function twoSided(
  input: AnswerInput,
  r: Resolver,
  main: string,
  constraints: Constraint[],
): QueryPlan["special"] {
  const kind = input.parsed.intent;
  if (kind !== "difference" && kind !== "comparison") return null;
  const sides = constraints.filter((c) => c.predicate.op === "in" && c.predicate.values.length === 2);
  const split = sides[0]
    ? [
        { ...sides[0], predicate: { op: "=" as const, values: [sides[0].predicate.values[0]] } },
        { ...sides[0], predicate: { op: "=" as const, values: [sides[0].predicate.values[1]] } },
      ]
    : constraints.filter((c) => c.predicate.op === "=").slice(0, 2);
  if (split.length < 2) return null;
  const phrase = input.parsed.targets[0] ?? "";
  const column = phrase ? r.resolve(phrase, { preferTable: main, numeric: true }) : null;
  return { kind, column, sides: split, consumed: sides[0] ? [sides[0]] : split };
}
