import { z } from "zod";
import { defineStep } from "../../reasoner/step";
import { words } from "../../text/normalize";
import { stem } from "../../text/stem";
import { DATA_NOT_INSTRUCTIONS, JSON_ONLY, dataBlock } from "../../reasoner/prompt-safety";

/** Cue words of a question that compares rows of a column (HELIOS §4.3, aggregation check). */
// "first", "last", "top", "more" are left out: far more often "the first X to …" than a comparison.
const MAX_CUES = ["most", "highest", "largest", "biggest", "greatest", "maximum", "longest", "latest", "oldest"];
const MIN_CUES = ["least", "lowest", "smallest", "fewest", "minimum", "shortest", "earliest", "youngest"];

const aggregationInput = z.object({
  question: z.string(),
  /** Columns of the retrieved rows' tables, with whether their values read as numbers. */
  columns: z.array(z.object({ table: z.string(), column: z.string(), header: z.string(), numeric: z.boolean() })),
});
type AggregationInput = z.infer<typeof aggregationInput>;

const aggregationOutput = z.object({
  needed: z.boolean(),
  operation: z.enum(["max", "min", "none"]),
  table: z.string().nullable(),
  column: z.string().nullable(),
  reason: z.string(),
});
export type AggregationDecision = z.infer<typeof aggregationOutput>;

/**
 * Local aggregation check: a superlative cue decides max or min; the column is the numeric
 * column whose header shares the most stems with the question (ties: the first such column). A
 * cue with no numeric column to compare is not an aggregation the rows can answer.
 */
function decideAggregationLocally(input: AggregationInput): AggregationDecision {
  const ws = words(input.question);
  const cue = ws.find((w) => MAX_CUES.includes(w) || MIN_CUES.includes(w));
  if (!cue)
    return {
      needed: false,
      operation: "none",
      table: null,
      column: null,
      reason: "No superlative or comparison word in the question.",
    };
  const stems = new Set(ws.map(stem));
  let best: AggregationInput["columns"][number] | null = null;
  let bestHits = 0;
  for (const c of input.columns.filter((c) => c.numeric)) {
    const hits = words(c.header).filter((w) => stems.has(stem(w))).length;
    if (hits > bestHits) [best, bestHits] = [c, hits];
  }
  if (!best)
    return {
      needed: false,
      operation: "none",
      table: null,
      column: null,
      reason: `"${cue}" compares, but no numeric column of the retrieved tables is named in the question.`,
    };
  const operation = MAX_CUES.includes(cue) ? "max" : "min";
  return {
    needed: true,
    operation,
    table: best.table,
    column: best.column,
    reason: `"${cue}" asks for the ${operation} of ${best.header}.`,
  };
}

export const aggregationStep = defineStep({
  name: "helios.aggregation",
  input: aggregationInput,
  output: aggregationOutput,
  local: (input) => decideAggregationLocally(input),
  prompt: (input) => ({
    system:
      `You decide whether a question about table rows needs a column-wise aggregation (the row with the ` +
      `largest or smallest value of a column) before it can be answered. ${DATA_NOT_INSTRUCTIONS} ${JSON_ONLY}`,
    prompt: [
      `Question: ${input.question}`,
      `Columns:\n${dataBlock(
        "columns",
        input.columns.map((c) => `- ${c.table}.${c.column} "${c.header}"${c.numeric ? " (numeric)" : ""}`).join("\n"),
      )}`,
      'Return JSON {"needed": boolean, "operation": "max"|"min"|"none", "table": table or null, "column": ' +
        'column or null, "reason": one sentence}.',
    ].join("\n"),
  }),
  check: (out, input) =>
    out.needed && !input.columns.some((c) => c.table === out.table && c.column === out.column)
      ? [`Column ${out.table}.${out.column} is not in the list.`]
      : [],
});

/** Rows a max/min over one column selects from the whole table: those with the extreme value. */
export function aggregateRows(
  rows: Array<{ id: string; value: unknown }>,
  operation: "max" | "min",
  keep = 3,
): string[] {
  const nums = rows
    .filter((r) => r.value !== null && r.value !== undefined && String(r.value).trim() !== "")
    .map((r) => ({
      id: r.id,
      n: typeof r.value === "number" ? r.value : Number(String(r.value).replace(/[,$%\s]/g, "")),
    }))
    .filter((r) => Number.isFinite(r.n));
  nums.sort((a, b) => (operation === "max" ? b.n - a.n : a.n - b.n));
  return nums.slice(0, keep).map((r) => r.id);
}
