import type { StepPrompt } from "../step";
import type { CellHint } from "../../retrieval/types";
import { DATA_NOT_INSTRUCTIONS, JSON_ONLY, clip, dataBlock } from "../prompt-safety";

/** FGTR question parsing (§4.2): pull out the key elements before looking at the schema. */
export function questionParsingPrompt(question: string, hints: readonly CellHint[]): StepPrompt {
  const hintLines = hints
    .slice(0, 30)
    .map((h) => `- "${clip(h.phrase, 60)}" matches value "${clip(h.value, 60)}" in ${h.table}.${h.column}`);
  return {
    system:
      "You are an expert data analyst. You break a question about a database into the key elements a person " +
      "would look for " +
      "before reading any table: keywords, named entities, numbers and dates with their comparison, " +
      "and what kind of answer is wanted. " +
      `${DATA_NOT_INSTRUCTIONS} ${JSON_ONLY}`,
    prompt: [
      `Question: ${question}`,
      hintLines.length
        ? `Values found in the tables for words of the question (hints, ` +
          `may be incomplete):\n${dataBlock("value-hints", hintLines.join("\n"))}`
        : "",
      "Return JSON with these fields:",
      '- "reasoning": one or two sentences on how you read the question.',
      '- "keywords": content words and key phrases; "entities": [{"text", "kind": ' +
        '"quoted"|"capitalized"|"acronym"|"value"}].',
      '- "numbers": [{"value", "comparator": "="|"!="|"<"|"<="|">"|">="|"between", "upper"?, "text", "context": ' +
        'the words before the number}] — "not more than 250" is {"value":250,"comparator":"<="}.',
      '- "dates": [{"value": ISO date or year prefix, "comparator", "upper"?, "text", ' +
        '"context"}] — "after 2015" is {"value":"2015","comparator":">"}.',
      '- "intent": one of lookup, list, count, sum, average, min, max, argmax, argmin, difference, comparison, yes-no.',
      '- "aggregates": [{"fn": count|sum|avg|min|max, "phrase": the attribute, "distinct"}]; "targets": ' +
        "phrases naming the attributes to show.",
      '- "groupBy": phrases after "for each"; "orderBy": {"phrase","direction":"asc"|"desc"} or null; ' +
        '"superlative": {"phrase","direction":"max"|"min","byCount"} or null.',
      '- "limit": N for "top N" or null; "having": {"comparator","value","phrase"} for conditions on a count ' +
        '("more than one pet") or null; "negation": {"phrase"} or null; "distinct"; "subject": the thing asked about.',
    ]
      .filter(Boolean)
      .join("\n"),
  };
}
