import { parseQuestionLocally } from "../question/parse";
import { COMPARATIVE_CONCEPTS, SUPERLATIVES } from "../lang/en/lexicon";
import { isOperationWord } from "../rank/align";
import { contentWords, evidenceWordMatcher } from "./schema-words";
import type { AssessInput, FailedCheck } from "./types";
import { GENERIC } from "../lang/en/verdict";

/**
 * What the question measures or ranks by must be something the dataset holds: "the highest
 * salary" on a table without salaries, "the average departure delay" without delays, "how many
 * Oscars", "the oldest" without an age or a birth date. When no word of that phrase (nor the
 * attribute a superlative implies) names a column or table, there is nothing to answer from.
 */
export function measureCheck(input: AssessInput): FailedCheck[] {
  if (!input.schema) return [];
  const known = evidenceWordMatcher(input);
  const p = parseQuestionLocally(input.question);
  const phrases: Array<{ phrase: string; concepts: string[] }> = [];
  const sup = p.superlative;
  // "the most models" counts rows (of some table), it does not measure a column: left to the target check.
  if (sup && !sup.byCount) {
    const entry = SUPERLATIVES[sup.phrase];
    phrases.push(
      entry
        ? { phrase: "", concepts: [...entry.concept, ...(entry.inverse ?? [])] }
        : { phrase: sup.phrase, concepts: [] },
    );
  }
  for (const a of p.aggregates) if (a.phrase && a.fn !== "count") phrases.push({ phrase: a.phrase, concepts: [] });
  // "longer than three hours": a quantity with a unit names its column by the unit, not the adjective.
  const measuredByUnit = p.numbers.some((n) => n.unit);
  for (const w of measuredByUnit ? [] : (input.question.toLowerCase().match(/[a-z]+/g) ?? [])) {
    const concept = COMPARATIVE_CONCEPTS[w];
    if (concept) phrases.push({ phrase: "", concepts: concept });
  }
  for (const { phrase, concepts } of phrases) {
    const words = contentWords(phrase).filter((w) => !GENERIC.has(w) && !isOperationWord(w));
    if (!words.length && !concepts.length) continue;
    if (words.some(known) || concepts.some(known)) continue;
    const what = words.length ? words.join(" ") : (concepts[0] ?? phrase);
    return [{ id: "unknown-measure", hard: true, reason: `no column or table holds "${what}"` }];
  }
  return [];
}
