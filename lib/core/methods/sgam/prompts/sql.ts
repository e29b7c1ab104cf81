import type { StepPrompt } from "../../../reasoner/step";
import { JSON_ONLY } from "../../../reasoner/prompt-safety";
import type { SqlInput } from "../sql";

/** SGAM's SQL prompt, in the spirit of Appendix A.4 (written for this project). */
export function sqlPrompt(input: SqlInput): StepPrompt {
  const schema = input.tables.map(
    (t) =>
      `${t.sqlRef}: ${input.columns
        .filter((c) => c.table === t.name)
        .map((c) => `"${c.column}"`)
        .join(", ")}`,
  );
  const joins = input.join.edges.map((e) => `${e.a.table}.${e.a.column} = ${e.b.table}.${e.b.column}`);
  return {
    system:
      "You write one SQLite SELECT that answers a question, guided by reasoning paths over a schema graph. " +
      "Some paths may be irrelevant: ignore them. " +
      "Put values on the column at the start of a path, not on internal ids or keys. " +
      "Join only tables that the SELECT, WHERE or GROUP BY need, " +
      `on the join conditions given; extra joins duplicate rows. Use the quoted table references exactly as ` +
      `listed. ${JSON_ONLY}`,
    prompt: [
      `Reasoning paths:\n${input.paths.map((p, i) => `Path ${i + 1}: ${p}`).join("\n")}`,
      `Tables and columns:\n${schema.join("\n")}`,
      joins.length ? `Join conditions:\n${joins.join("\n")}` : "",
      input.constraints.length
        ? `Values found in the ` +
          `tables:\n${input.constraints
            .map((c) => `${c.table}.${c.column} ${c.predicate.op} ${JSON.stringify(c.predicate.values)}`)
            .join("\n")}`
        : "",
      `Conditions: ${input.conditions.join("; ") || "(none)"}`,
      `Main question: ${input.main}`,
      `Question: ${input.question}`,
      'Return {"reasoning": "...", "sql": "SELECT …", "operation": "lookup|count|sum|average|min|max|list"}.',
    ]
      .filter(Boolean)
      .join("\n"),
  };
}
