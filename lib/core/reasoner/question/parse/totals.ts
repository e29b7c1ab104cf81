import type { AggregateAsk } from "./aggregates";
import type { LeadParse } from "./lead";
import { COUNTED_UNITS, MONEY_ASKED, TOGETHER_CUE, TOTAL_CUE } from "../../lang/en/question-forms";
import { UNIT_WORDS } from "../../lang/en/quantities";
import { CURRENCY_WORDS } from "../../lang/en/semantic";
import { MEASURE_VERBS } from "../../lang/en/lead-words";

/** The unit a word names ("carats" → carat, "dollars" → USD), or null; single letters are too ambiguous. */
export function unitOfWord(word: string): string | null {
  const w = word.toLowerCase();
  if (w.length < 3) return null;
  if (Object.hasOwn(CURRENCY_WORDS, w)) return CURRENCY_WORDS[w];
  if (Object.hasOwn(UNIT_WORDS, w)) return UNIT_WORDS[w];
  return null;
}

/** Whether a phrase asks for money: "money", "revenue", or a currency ("dollars"). */
export function asksMoney(phrase: string): boolean {
  const words = phrase.toLowerCase().split(/\s+/);
  return words.some((w) => MONEY_ASKED.has(w) || (Object.hasOwn(CURRENCY_WORDS, w) && w.length >= 3));
}

/**
 * Totals the opening did not read. "How many dollars were paid …" counts no rows: a unit counted
 * is the measure summed ("how many carats is the largest stone" asks one row's measure instead);
 * "what do all the X weigh together" and "how much money came from …" are sums of the measure.
 * Returns the lead, aggregates and targets to use instead, or null when nothing changes.
 */
export function readTotals(
  question: string,
  lead: LeadParse,
  aggregates: readonly AggregateAsk[],
  targets: readonly string[],
  superlative: boolean,
): { lead: LeadParse; aggregates: AggregateAsk[]; targets: string[] } | null {
  const total = TOTAL_CUE.test(question) || TOGETHER_CUE.test(question);
  const counted = lead.kind === "count" && aggregates.length === 1 ? aggregates[0] : null;
  const head = counted?.phrase.split(/\s+/).pop() ?? "";
  const unit = unitOfWord(head);
  if (counted && unit && (total || !COUNTED_UNITS.has(unit))) {
    // "How many carats is the most expensive diamond?": one row's measure, in that unit.
    if (superlative && !total) return { lead: { ...lead, kind: "ask" }, aggregates: [], targets: [counted.phrase] };
    return {
      lead: { ...lead, kind: "ask" },
      aggregates: [{ fn: "sum", phrase: counted.phrase, distinct: false }],
      targets: [...targets],
    };
  }
  if (aggregates.length || lead.kind !== "ask") return null;
  // "What do they weigh together", "what are they worth together": the verb names the measure.
  const words = question.toLowerCase().match(/[a-z]+/g) ?? [];
  const verb = words.find((w) => Object.hasOwn(MEASURE_VERBS, w));
  const measure = verb ? MEASURE_VERBS[verb] : words.find((w) => asksMoney(w));
  if (total && (measure || targets.length))
    return {
      lead,
      aggregates: [{ fn: "sum", phrase: measure ?? targets[0], distinct: false }],
      targets: measure ? [] : targets.slice(1),
    };
  if (targets.length && /^\s*how much\b/i.test(question) && asksMoney(targets[0]) && !superlative)
    return { lead, aggregates: [{ fn: "sum", phrase: targets[0], distinct: false }], targets: targets.slice(1) };
  return null;
}
