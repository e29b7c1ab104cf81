import { z } from "zod";
import type { LlmPort, LlmRequest, LlmResponse } from "../llm-port";
import { defineStep } from "../step";

/**
 * Test doubles for the reasoner tests (here and in lib/server/llm): a tiny step that picks
 * columns for a question, and a scripted fake LlmPort. Not used by any shipped code.
 */

export const pickColumns = defineStep({
  name: "test.pick-columns",
  input: z.object({ question: z.string().min(1), columns: z.array(z.string()).min(1) }),
  output: z.object({ reasoning: z.string(), columns: z.array(z.string()) }),
  local: (input, ctx) => {
    const words = new Set(input.question.toLowerCase().split(/\W+/));
    const hits = input.columns.filter((c) => words.has(c.toLowerCase()));
    // A different "scorer" per round, as local voting requires: odd rounds add the first column.
    const extra = ctx.sample % 2 === 1 && !hits.includes(input.columns[0]) ? [input.columns[0]] : [];
    return { reasoning: "word match", columns: [...hits, ...extra] };
  },
  prompt: (input) => ({
    system: "You pick the columns a question needs.",
    prompt:
      `Question: ${input.question}\nColumns: ${input.columns.join(", ")}\nReturn JSON {"reasoning": ` +
      `string, "columns": string[]}.`,
  }),
  check: (output, input) =>
    output.columns.filter((c) => !input.columns.includes(c)).map((c) => `column "${c}" does not exist`),
});

export type FakeReply = { object: unknown; inputTokens?: number; outputTokens?: number } | { throw: Error } | "hang";

/** An LlmPort that plays back scripted replies and records the requests it got. */
export class FakeLlmPort implements LlmPort {
  readonly provider = "fake";
  readonly model = "scripted-1";
  readonly requests: Array<Omit<LlmRequest<unknown>, "schema">> = [];
  private replies: FakeReply[];

  constructor(
    replies: FakeReply[],
    readonly timeoutMs?: number,
  ) {
    this.replies = [...replies];
  }

  async generateObject<T>(request: LlmRequest<T>): Promise<LlmResponse<T>> {
    const { schema: _schema, ...rest } = request;
    this.requests.push(rest);
    const reply = this.replies.shift() ?? { throw: new Error("no scripted reply left") };
    // "hang" ignores the abort signal on purpose: runStep must time out on its own.
    if (reply === "hang") return new Promise<never>(() => {});
    if ("throw" in reply) throw reply.throw;
    return {
      object: reply.object as T,
      usage: { inputTokens: reply.inputTokens, outputTokens: reply.outputTokens },
      provider: this.provider,
      model: this.model,
    };
  }
}
