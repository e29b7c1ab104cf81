import { z } from "zod";
import { defineStep } from "../../reasoner/step";
import type { GraphotterContext } from "./context";
import { initTracePrompt } from "./prompts/init-trace";

const initTraceInput = z.object({
  question: z.string().min(1),
  table: z.string(),
  k: z.number().int().positive(),
  /** Ids the model may choose from (every node of the table shown). */
  ids: z.array(z.string()),
});

const initTraceOutput = z.object({
  cells: z.array(z.object({ id: z.string(), explanation: z.string() })).max(64),
});

/**
 * GraphOTTER trace initialisation, the reasoner's half (§3.2, A.3.1): the cells most relevant to
 * the question. Local: the cells the learned label model finds named by the question, most probable
 * first. The run intersects this choice with the encoder's nearest cells.
 */
export function initTraceStep(ctx: GraphotterContext) {
  return defineStep({
    name: "graphotter.init-trace",
    input: initTraceInput,
    output: initTraceOutput,
    local: (input) => {
      const reading = ctx.reading();
      const picks: Array<{ id: string; explanation: string }> = [];
      for (const l of reading.ranked) {
        if (picks.length >= input.k || l.p < 0.05) break;
        const h = ctx.index.tree.headerOf.get(l.node);
        const kind =
          h === undefined ? "a cell" : ctx.index.tree.headers[h].axis === "row" ? "a row header" : "a column header";
        picks.push({
          id: ctx.graph.nodes[l.node].id,
          explanation: `${kind} the question names (${l.matched.slice(0, 3).join(", ")}; ${Math.round(100 * l.p)}%)`,
        });
      }
      return { cells: picks };
    },
    prompt: (input) => initTracePrompt(input.question, input.table, input.k),
    check: (output, input) => {
      const ids = new Set(input.ids);
      return output.cells.filter((c) => !ids.has(c.id)).map((c) => `node ${c.id} is not in the table`);
    },
  });
}
