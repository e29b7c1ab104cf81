import { PATTERNS, LEADING_ARTICLE } from "../../lang/en/absence";
/**
 * Questions about values that are there or not: "no capital recorded", "the sex is not recorded",
 * "don't have a sales rep assigned", "haven't shipped yet", "with a director listed". Each gives the
 * phrase naming the attribute and whether the question wants it missing or present; range parsing
 * maps the phrase to a column (an empty or NULL cell counts as missing).
 */
export type MissingMention = { phrase: string; present: boolean };

/** The missing-or-present mentions of a question (lowercased matching; phrases without articles). */
export function parseMissing(question: string): MissingMention[] {
  const q = question.toLowerCase().replace(/\u2019/g, "'");
  const out: MissingMention[] = [];
  for (const { re, present } of PATTERNS) {
    for (const m of q.matchAll(re)) {
      const phrase = m[1].replace(LEADING_ARTICLE, "").trim();
      if (!phrase || out.some((o) => o.phrase === phrase)) continue;
      out.push({ phrase, present });
    }
  }
  return out;
}
