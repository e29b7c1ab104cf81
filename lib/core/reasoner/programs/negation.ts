import { contentWords, wordsMeet } from "../../retrieval/vocab";
import type { AnswerInput, Constraint } from "../answer/input";
import type { Resolver } from "../schema/resolve";

/**
 * Splits the constraints into the negated ones ("who do not have a cat": pettype = cat) and the
 * rest. With no negated constraint, a negation naming a table ("who do not have any pet") negates
 * the existence of related rows in that table.
 */
export function negatedConstraints(
  input: AnswerInput,
  r: Resolver,
  main: string,
): { negated: Constraint[]; kept: Constraint[]; table: string | null } {
  const neg = input.parsed.negation;
  if (!neg || !neg.phrase.trim()) return { negated: [], kept: input.constraints, table: null };
  const words = contentWords(neg.phrase);
  // "no capital recorded" is already a test for an empty capital, not the negation of one.
  const negated = input.constraints.filter((c) => {
    if (c.predicate.op === "is-null" || c.predicate.op === "not-null") return false;
    const src = contentWords(c.source || String(c.predicate.values[0] ?? ""));
    return src.length > 0 && src.every((w) => words.some((x) => wordsMeet(x, w)));
  });
  const kept = input.constraints.filter((c) => !negated.includes(c));
  if (negated.length) return { negated, kept, table: negated[0].table };
  const table = r.table(neg.phrase, 0.5);
  return { negated: [], kept, table: table && table !== main ? table : null };
}
