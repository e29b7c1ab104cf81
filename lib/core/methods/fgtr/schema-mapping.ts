import { z } from "zod";
import { columnTypeSchema } from "../../model/dataset";
import type { ColumnRef } from "../../model/index-types";
import { defineStep } from "../../reasoner/step";
import { schemaDocs } from "../../retrieval/schema-docs";
import { describeLinks, linkerVote } from "./mapping/linker-vote";
import { scorerFor } from "./mapping/scorers";
import { seededRandom } from "./mapping/shuffle";
import { computeSignals, type ColumnSignals } from "./mapping/signals";
import type { RetrievalSchema } from "../../retrieval/ports";
import { schemaMappingPrompt } from "./prompts/schema-mapping";
import { cellHintSchema, columnRefSchema, parsedQuestionSchema } from "../../retrieval/types";

const mappingColumn = z.object({
  column: z.string(),
  name: z.string(),
  type: columnTypeSchema,
  isPrimaryKey: z.boolean(),
  expandedName: z.string(),
  description: z.string(),
  examples: z.array(z.string()),
});

export const mappingInputSchema = z.object({
  question: z.string().min(1),
  parsed: parsedQuestionSchema,
  hints: z.array(cellHintSchema),
  /** Tables and columns in this round's shuffled order. */
  tables: z.array(
    z.object({
      table: z.string(),
      expandedName: z.string(),
      rowCount: z.number().int().nonnegative(),
      columns: z.array(mappingColumn),
    }),
  ),
  /** This round's seed: the local scorer's perturbation draws from it. */
  seed: z.number().int().nonnegative(),
  /** The trained schema linker's probability of every column (absent: the rule scorers vote). */
  links: z.array(z.object({ table: z.string(), column: z.string(), probability: z.number().min(0).max(1) })).optional(),
  /** The linker's trained cut. */
  cut: z.number().min(0).max(1).optional(),
});
export type MappingInput = z.infer<typeof mappingInputSchema>;

const mappingOutputSchema = z.object({
  reasoning: z.string(),
  columns: z.array(columnRefSchema),
  /** Which local scorer cast the vote (absent for llm answers). */
  scorer: z.string().optional(),
});

// Signals depend on the question and schema, not on the round's order: compute them once per run.
const signalCache = new Map<string, ColumnSignals[]>();

function fingerprint(input: MappingInput): string {
  const cols = input.tables.flatMap((t) => t.columns.map((c) => `${t.table}.${c.column}`)).sort();
  return (
    `${input.question}\u0001${JSON.stringify(input.hints.map((h) => [h.table, h.column, h.value]))}\u0001` +
    `${cols.join("\u0002")}`
  );
}

function signalsFor(input: MappingInput): ColumnSignals[] {
  const key = fingerprint(input);
  const hit = signalCache.get(key);
  if (hit) return hit;
  const schema: RetrievalSchema = {
    tables: input.tables.map((t) => ({
      name: t.table,
      sqlRef: "",
      rowCount: t.rowCount,
      hasRowId: true,
      expandedName: t.expandedName,
      columns: t.columns.map((c) => ({
        column: c.column,
        name: c.name,
        type: c.type,
        isPrimaryKey: c.isPrimaryKey,
        expandedName: c.expandedName,
        description: c.description,
        profile: {
          type: c.type,
          rowCount: 0,
          nullCount: 0,
          nullShare: 0,
          distinctCount: 0,
          distinctEstimated: false,
          uniqueness: 0,
          topValues: c.examples.map((v) => ({ value: v, count: 1 })),
          topValuesApproximate: false,
          shortest: null,
          longest: null,
          min: null,
          max: null,
          mean: null,
        },
      })),
    })),
  };
  const docs = schemaDocs(schema);
  const signals = computeSignals(input.question, input.parsed, input.hints, docs.columns, docs.tables);
  if (signalCache.size >= 16) signalCache.delete(signalCache.keys().next().value!);
  signalCache.set(key, signals);
  return signals;
}

/**
 * FGTR step 2, schema mapping (§4.2): one round's vote for the columns the question needs.
 * Local with the trained linker: each round votes for the columns whose probability clears a
 * perturbed cut (mapping/linker-vote.ts). Local with rules: round r uses scorer r mod 5 (name overlap, description
 * similarity, value hits,
 * character n-grams, combined with a perturbed cut), reading the columns in the round's
 * shuffled order. LLM: the Appendix C style prompt, sampled at temperature > 0.
 */
export const schemaMappingStep = defineStep({
  name: "fgtr.schema-mapping",
  input: mappingInputSchema,
  output: mappingOutputSchema,
  local: (input, ctx) => {
    if (input.links && input.cut !== undefined) {
      const vote = linkerVote(input.links, input.cut, seededRandom(input.seed));
      return {
        reasoning:
          `Round ${ctx.sample + 1} (schema linker): columns with probability ` +
          `≥ ${vote.cut.toFixed(2)} (the trained cut ${input.cut.toFixed(2)}, perturbed). ` +
          `Most probable: ${describeLinks(input.links)}.`,
        columns: vote.columns.map((l): ColumnRef => ({ table: l.table, column: l.column })),
        scorer: "linker",
      };
    }
    const signals = signalsFor(input);
    const order = new Map(
      input.tables.flatMap((t) => t.columns.map((c) => `${t.table}\u0000${c.column}`)).map((k, i) => [k, i]),
    );
    const ordered = [...signals].sort(
      (a, b) =>
        (order.get(`${a.doc.table}\u0000${a.doc.column}`) ?? 0) -
        (order.get(`${b.doc.table}\u0000${b.doc.column}`) ?? 0),
    );
    const scorer = scorerFor(ctx.sample);
    const picked = scorer.select(ordered, seededRandom(input.seed));
    return {
      reasoning: `Round ${ctx.sample + 1} (${scorer.name}): ${scorer.explain}.`,
      columns: picked.map((s): ColumnRef => ({ table: s.doc.table, column: s.doc.column })),
      scorer: scorer.name,
    };
  },
  prompt: schemaMappingPrompt,
  check: (output, input) => {
    const known = new Set(input.tables.flatMap((t) => t.columns.map((c) => `${t.table}\u0000${c.column}`)));
    return output.columns
      .filter((c) => !known.has(`${c.table}\u0000${c.column}`))
      .map((c) => `column "${c.table}.${c.column}" is not in the schema`);
  },
});
