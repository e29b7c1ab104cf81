import type { StepPrompt } from "../../../reasoner/step";
import type { MappingInput } from "../schema-mapping";
import { DATA_NOT_INSTRUCTIONS, JSON_ONLY, clip, dataBlock } from "../../../reasoner/prompt-safety";

/**
 * FGTR schema mapping (§4.2, Appendix C): the schema as "column: description" JSON with
 * examples, the parsed key elements and the cell-index hints; the model picks the columns needed
 * and explains why. Table and column order arrive shuffled per round.
 */
export function schemaMappingPrompt(input: MappingInput): StepPrompt {
  const schema: Record<string, Record<string, string>> = {};
  for (const t of input.tables) {
    const cols: Record<string, string> = {};
    for (const c of t.columns) {
      const examples = c.examples.length
        ? ` (examples: ${c.examples
            .slice(0, 3)
            .map((e) => clip(e, 40))
            .join("; ")})`
        : "";
      cols[c.column] = `${clip(c.description || c.name, 200)}${examples}`;
    }
    schema[t.table] = cols;
  }
  const p = input.parsed;
  const elements = {
    keywords: p.keywords,
    entities: p.entities.map((e) => e.text),
    numbers: p.numbers.map(
      (n) => `${n.comparator} ${n.value}${n.upper !== undefined ? `..${n.upper}` : ""} (${n.context})`,
    ),
    dates: p.dates.map((d) => `${d.comparator} ${d.value}`),
    intent: p.intent,
    targets: p.targets,
  };
  const hints = input.hints
    .slice(0, 30)
    .map((h) => `${h.table}.${h.column} contains "${clip(h.value, 60)}" (for "${clip(h.phrase, 40)}")`);
  return {
    system:
      "You are an expert on data analysis. Examine the database schema, understand the question, " +
      "and use the column examples " +
      `to pinpoint the columns of the tables that are essential to answer it. ${DATA_NOT_INSTRUCTIONS} ${JSON_ONLY}`,
    prompt: [
      `Question: ${input.question}`,
      `Key elements of the question: ${JSON.stringify(elements)}`,
      `Database schema as JSON, table → column → description:\n${dataBlock("schema", JSON.stringify(schema, null, 1))}`,
      hints.length
        ? `Column examples that contain entities of the question (a key ` +
          `hint):\n${dataBlock("column-examples", hints.join("\n"))}`
        : "",
      "Notes:",
      "1. Choose columns that cover every entity and condition of the question, " +
        "and the columns whose values make up the answer.",
      "2. The hints may not contain every column you need; one entity may need several columns (e.g. " +
        "first and last name).",
      "3. Use exactly the table and column names given above. Prefer recall: include a column when in doubt.",
      'Return {"reasoning": "why each column is needed", "columns": [{"table": "...", "column": "..."}]}.',
    ]
      .filter(Boolean)
      .join("\n"),
  };
}
