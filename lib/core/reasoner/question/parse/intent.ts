import type { AggregateFn, Intent } from "../../../retrieval/types";
import type { LeadParse } from "./lead";
import type { SuperlativeAsk } from "./clauses";
import { SUPERLATIVES } from "../../lang/en/lexicon";

const FN_INTENT: Record<AggregateFn, Intent> = { count: "count", sum: "sum", avg: "average", min: "min", max: "max" };
const COMPARATIVE = new RegExp(
  String.raw`\b(more|less|fewer|higher|lower|larger|smaller|bigger|greater|older|younger|longer|shorter|` +
    String.raw`taller|heavier|lighter|better|worse|earlier|later)\b`,
);

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
  if (
    /\b(?:what|which)\s+(?:(?:is|was|are)\s+the\s+)?(?:percentage|percent|share|proportion|fraction)\b/.test(q) ||
    /\bhow many percent\b|\bwhat %|\bas an? (?:percentage|percent|share|proportion|fraction) of\b/.test(q)
  )
    return "percentage";
  if (/\bhow many times\b|\bratio (?:of|between)\b/.test(q)) return "ratio";
  if (lead.kind === "difference" || /\bdifference (?:between|in|of)\b/.test(q)) return "difference";
  if (/\b(?:which|who|what)\b[^?]*,?\s[\w .'-]+ or [\w .'-]+\??$/.test(q) && COMPARATIVE.test(q) && !aggregates.length)
    return "comparison";
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
