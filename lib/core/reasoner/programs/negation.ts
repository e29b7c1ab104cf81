import { contentWords, wordsMeet } from "../../retrieval/vocab";
import type { AnswerInput, Constraint } from "../answer/input";
import type { Resolver } from "../schema/resolve";
import { CREATE_VERBS, FLAG_NEGATORS, IRREGULAR_PARTICIPLES, RELATION, VERB_OBJECT } from "../lang/en/absence";

/**
 * Splits the constraints into the negated ones ("who do not have a cat": pettype = cat) and the
 * rest. With no negated constraint, a negation naming a table ("who do not have any pet", "who
 * never placed an order") negates the existence of related rows in that table (an anti-join).
 * A verb that makes rows ("placed an order", "placed the most orders") says how the rows relate,
 * so a value it matched ("placed" as a status) is not a condition of the question.
 */
export function negatedConstraints(
  input: AnswerInput,
  r: Resolver,
  main: string,
): { negated: Constraint[]; kept: Constraint[]; table: string | null } {
  const made = madeRows(input.question, r);
  const neg = input.parsed.negation;
  const relation = neg?.phrase.trim() ? relationOf(input.question, r, main) : null;
  const byVerb = input.constraints.filter(
    (c) =>
      (relation && CREATE_VERBS.has(relation.verb) && saysWord(c, relation.verb)) || made.some((v) => saysWord(c, v)),
  );
  const constraints = input.constraints.filter((c) => !byVerb.includes(c));
  if (!neg?.phrase.trim()) return { negated: [], kept: constraints, table: null };
  const words = contentWords(neg.phrase);
  // "no capital recorded" is already a test for an empty capital, not the negation of one.
  const negated = constraints.filter((c) => {
    if (c.predicate.op === "is-null" || c.predicate.op === "not-null") return false;
    // "are not active" read as the flag's false value already holds its negation.
    if (holdsNegation(c.source)) return false;
    const src = contentWords(c.source || String(c.predicate.values[0] ?? ""));
    return src.length > 0 && src.every((w) => words.some((x) => wordsMeet(x, w)));
  });
  const kept = constraints.filter((c) => !negated.includes(c));
  if (negated.length) return { negated, kept, table: negated[0].table };
  const table = relation?.table ?? r.table(neg.phrase, 0.5);
  return { negated: [], kept, table: table && table !== main ? table : null };
}

/** "placed the most orders", "made a booking": verbs that make rows of a table the question names after them. */
function madeRows(question: string, r: Resolver): string[] {
  const q = question.toLowerCase().replace(/\u2019/g, "'");
  return [...q.matchAll(VERB_OBJECT)]
    .filter(([, verb, noun]) => CREATE_VERBS.has(verb) && r.table(noun.trim(), 0.55))
    .map(([, verb]) => verb);
}

/** Does a constraint hold exactly this word (its source or its one value)? */
function saysWord(c: Constraint, word: string): boolean {
  const texts = [c.source, ...c.predicate.values.map(String)].map((t) =>
    String(t ?? "")
      .toLowerCase()
      .trim(),
  );
  return c.predicate.values.length === 1 && texts.some((t) => t === word);
}

/** "never placed an order", "not sold any product": the participle and the other table its noun names. */
function relationOf(question: string, r: Resolver, main: string): { verb: string; table: string } | null {
  const m = RELATION.exec(question.toLowerCase().replace(/\u2019/g, "'"));
  if (!m) return null;
  const [, verb, noun] = m;
  if (!/[a-z]{3,}ed$/.test(verb) && !IRREGULAR_PARTICIPLES.has(verb)) return null;
  const table = r.table(noun.trim(), 0.55);
  return table && table !== main ? { verb, table } : null;
}

/** Does a constraint's own source say a negation ("are not active", "never returned")? */
function holdsNegation(source: string | undefined): boolean {
  const words = (source ?? "").toLowerCase().match(/[a-z']+/g) ?? [];
  return words.some((w) => FLAG_NEGATORS.has(w) || w.endsWith("n't"));
}
