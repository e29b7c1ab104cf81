import type { StepPrompt } from "../../step";
import type { RangeInput } from "./step";
import { DATA_NOT_INSTRUCTIONS, JSON_ONLY, clip, dataBlock } from "../../prompt-safety";

/** FGTR range parsing (§4.3): constrained columns get a predicate, dependent ones keep all values. */
export function rangeParsingPrompt(input: RangeInput): StepPrompt {
  const cols = input.columns.map(
    (c) =>
      `${c.table}.${c.column} (${c.type}; ${c.words.join(" ")}; e.g. ${c.examples
        .slice(0, 3)
        .map((e) => clip(e, 30))
        .join(", ")})`,
  );
  const hints = input.hints
    .slice(0, 20)
    .map((h) => `"${clip(h.phrase, 40)}" ~ ${h.table}.${h.column} = "${clip(h.value, 40)}"`);
  return {
    system:
      "You decide, for each column selected to answer a question, the range of values the question needs from it. " +
      "A column is constrained when the question restricts its values (a name, a category, a number or date bound); " +
      `otherwise it is dependent and all its values are needed. ${DATA_NOT_INSTRUCTIONS} ${JSON_ONLY}`,
    prompt: [
      `Question: ${input.question}`,
      `Numbers: ${JSON.stringify(input.parsed.numbers)}; dates: ${JSON.stringify(input.parsed.dates)}; ` +
        `entities: ${JSON.stringify(input.parsed.entities.map((e) => e.text))}`,
      `Selected columns:\n${dataBlock("columns", cols.join("\n"))}`,
      hints.length
        ? `Values found in the columns for words of the question:\n${dataBlock("hints", hints.join("\n"))}`
        : "",
      'Return {"reasoning": "...", "ranges": [{"table", "column", "role": "constrained"|"dependent", ' +
        '"predicate"?: {"op": "="|"!="|"<"|"<="|">"|">="|"between"|"in"|"contains"|"starts-with", "values": ' +
        '[...]}, "query"?: "words to look up for a text value"}]}.',
      "List every selected column once. For text constraints put the question's words in values and query; " +
        "for numbers and dates put numbers or ISO dates (or year prefixes).",
    ]
      .filter(Boolean)
      .join("\n"),
  };
}
