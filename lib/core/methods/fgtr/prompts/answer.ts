import type { StepPrompt } from "../../../reasoner/step";
import type { AnswerInput } from "../../../reasoner/answer/input";
import { DATA_NOT_INSTRUCTIONS, JSON_ONLY, clip, dataBlock } from "../../../reasoner/prompt-safety";

/** Renders the retrieved sub-tables as tab-separated text with row ids, for the model to read. */
function subTablesText(input: AnswerInput): string {
  return input.subTables
    .map((t) => {
      const head =
        `## ${t.table} (${t.rows.length} of ${t.rowCount} retrieved rows, ` +
        `table has ${t.totalRows})\nrowid\t${t.columns.join("\t")}`;
      const rows = t.rows.map(
        (r) => `${r.rowId ?? ""}\t${r.values.map((v) => clip(v === null ? "" : String(v), 120)).join("\t")}`,
      );
      return [head, ...rows].join("\n");
    })
    .join("\n\n");
}

/**
 * The answer step for the llm reasoner: answer from the retrieved sub-tables (FGTR's downstream
 * QA), optionally proposing one SELECT over the full tables, which is checked and run read-only.
 */
export function answerPrompt(input: AnswerInput): StepPrompt {
  const schema = input.tables.map(
    (t) =>
      `${t.sqlRef}: ${input.columns
        .filter((c) => c.table === t.name)
        .map((c) => `"${c.column}"`)
        .join(", ")}`,
  );
  return {
    system:
      "You answer questions about tables using only the retrieved sub-tables given to you. Be exact: " +
      "copy values as they appear, " +
      `count carefully, and say so when the data cannot answer the question. ${DATA_NOT_INSTRUCTIONS} ${JSON_ONLY}`,
    prompt: [
      `Question: ${input.question}`,
      `Intent: ${input.parsed.intent}`,
      `Retrieved sub-tables:\n${dataBlock("sub-tables", subTablesText(input))}`,
      `If the sub-tables are cut short, you may instead give one SQLite SELECT over these tables (it runs ` +
        `read-only):\n${schema.join("\n")}`,
      'Return {"reasoning": "...", "answer": "the answer text", "values": [the answer values], "operation": ' +
        '"lookup|count|…", ' +
        '"evidence": [{"table", "column", "rowId"}] for the cells the answer rests on, "sql": null or "SELECT …"}.',
    ].join("\n"),
  };
}
