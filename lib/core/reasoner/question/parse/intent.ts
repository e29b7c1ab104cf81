import type { AggregateFn, Intent } from "../../../retrieval/types";
import type { LeadParse } from "./lead";
import type { SuperlativeAsk } from "./clauses";
import { SUPERLATIVES } from "../../lang/en/lexicon";
import {
  COMPARATIVE,
  PERCENTAGE_ASKED,
  PERCENTAGE_AS,
  RATIO_ASKED,
  DIFFERENCE_ASKED,
  EITHER_OR,
} from "../../lang/en/question-forms";

const FN_INTENT: Record<AggregateFn, Intent> = { count: "count", sum: "sum", avg: "average", min: "min", max: "max" };
/**
 * The intent of the question, from its opening and clauses: yes/no and difference questions
 * by their form, aggregates by their first function, superlatives as argmax/argmin, "A or B"
 * with a comparative as a comparison, otherwise a lookup (one thing) or a list (several).
 */
export function decideIntent(
  question: string,
  lead: LeadParse,
  aggregates: { fn: AggregateFn }[],
  superlative: SuperlativeAsk | null,
  plural: boolean,
): Intent {
  const q = question.toLowerCase();
  if (lead.kind === "yes-no") return "yes-no";
  if (PERCENTAGE_ASKED.test(q) || PERCENTAGE_AS.test(q)) return "percentage";
  if (RATIO_ASKED.test(q)) return "ratio";
  if (lead.kind === "difference" || DIFFERENCE_ASKED.test(q)) return "difference";
  if (EITHER_OR.test(q) && COMPARATIVE.test(q) && !aggregates.length) return "comparison";
  if (aggregates.length) return FN_INTENT[aggregates[0].fn];
  if (lead.kind === "count") return "count";
  if (superlative) {
    const dir = superlative.word.endsWith("common")
      ? superlative.word.startsWith("least")
        ? "min"
        : "max"
      : (SUPERLATIVES[superlative.word]?.direction ?? "max");
    return dir === "min" ? "argmin" : "argmax";
  }
  return plural ? "list" : "lookup";
}
