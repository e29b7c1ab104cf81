import type { StepPrompt } from "../../../reasoner/step";
import { clip, DATA_NOT_INSTRUCTIONS, dataBlock, JSON_ONLY } from "../../../reasoner/prompt-safety";
import type { RetrievalInput } from "../attribute-retrieval";

/** SGAM's attribute alignment prompt, in the spirit of Appendix A.3 (written for this project). */
export function attributeRetrievalPrompt(input: RetrievalInput): StepPrompt {
  const rows = input.attributes.map(
    (a) => `${a.table}\t${a.column}\t${clip([...a.unique, ...a.frequent].join(", "), 160)}`,
  );
  const values = input.hints
    .slice(0, 40)
    .map((h) => `"${h.phrase}" is a value of ${h.table}.${h.column} ("${h.value}")`);
  return {
    system:
      "You align the phrases of a question with database columns. Split each numbered segment into its " +
      "meaningful fragments " +
      "(a person, a place, an event, a year, a measure…) and give, for each, the single most relevant column, " +
      "judged by its keywords. " +
      `Use table and column names exactly as listed. ${DATA_NOT_INSTRUCTIONS} ${JSON_ONLY}`,
    prompt: [
      `Columns (table, column, keywords):\n${dataBlock("columns", rows.join("\n"))}`,
      values.length ? `Values found in the tables:\n${dataBlock("values", values.join("\n"))}` : "",
      `Segments:\n${input.segments.map((s, i) => `${i}. (${s.role}) ${s.text}`).join("\n")}`,
      'Return {"matches": [{"segment": <number>, "table": "...", "column": "...", "keywords": ["the fragment"]}]}.',
    ]
      .filter(Boolean)
      .join("\n"),
  };
}
