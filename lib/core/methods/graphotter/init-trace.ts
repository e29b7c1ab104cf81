import { z } from "zod";
import { defineStep } from "../../reasoner/step";
import type { GraphotterContext } from "./context";
import { initTracePrompt } from "./prompts/init-trace";
import { solve } from "./solve";

export const initTraceInput = z.object({
  question: z.string().min(1),
  table: z.string(),
  k: z.number().int().positive(),
  /** Ids the model may choose from (every node of the table shown). */
  ids: z.array(z.string()),
});
export type InitTraceInput = z.infer<typeof initTraceInput>;

export const initTraceOutput = z.object({
  cells: z.array(z.object({ id: z.string(), explanation: z.string() })).max(64),
});
export type InitTraceOutput = z.infer<typeof initTraceOutput>;

/**
 * GraphOTTER trace initialisation, the reasoner's half (§3.2, A.3.1): the cells most relevant to
 * the question. Local: the labels the question names (strongest first), then the cells they point
 * at. The run intersects this choice with the encoder's nearest cells.
 */
export function initTraceStep(ctx: GraphotterContext) {
  return defineStep({
    name: "graphotter.init-trace",
    input: initTraceInput,
    output: initTraceOutput,
    local: (input) => {
      const sol = solve(ctx.graph, ctx.text, ctx.cues, ctx.headerRows);
      const picks: Array<{ id: string; explanation: string }> = [];
      const add = (i: number | null, why: string) => {
        if (i === null || picks.length >= input.k * 2) return;
        const n = ctx.graph.nodes[i];
        if (!picks.some((p) => p.id === n.id)) picks.push({ id: n.id, explanation: why });
      };
      for (const s of sol?.support ?? []) {
        add(s.row, "a row label the question names");
        add(s.col, "a column label the question names");
        for (const l of s.labels) add(l, "a label the question names");
      }
      for (const i of sol?.cells ?? []) add(i, "a cell those labels point at");
      return { cells: picks };
    },
    prompt: (input) => initTracePrompt(input.question, input.table, input.k),
    check: (output, input) => {
      const ids = new Set(input.ids);
      return output.cells.filter((c) => !ids.has(c.id)).map((c) => `node ${c.id} is not in the table`);
    },
  });
}
