import { z } from "zod";
import { defineStep } from "../../reasoner/step";
import { words } from "../../text/normalize";
import { stem } from "../../text/stem";
import { DATA_NOT_INSTRUCTIONS, JSON_ONLY, clip, dataBlock } from "../../reasoner/prompt-safety";
import { sentences } from "./linearize";
import { isStopword } from "./stopwords";

const verificationInput = z.object({
  question: z.string(),
  /** Words of the row the passage hangs off: they are already evidence, not extra support. */
  items: z.array(
    z.object({
      passage: z.string(),
      segment: z.string(),
      title: z.string(),
      text: z.string(),
      rowText: z.string(),
    }),
  ),
});
export type VerificationInput = z.infer<typeof verificationInput>;

const verificationOutput = z.object({
  verdicts: z.array(z.object({ passage: z.string(), segment: z.string(), keep: z.boolean(), reason: z.string() })),
});
export type VerificationOutput = z.infer<typeof verificationOutput>;

const contentStems = (text: string) =>
  new Set(
    words(text)
      .filter((w) => !isStopword(w))
      .map(stem),
  );

/**
 * Local passage verification (HELIOS §4.3, where an LLM judges each edge of a star): a passage
 * stays in its star when the question names its title or one of its sentences shares a content
 * word with the question; a passage that shares none is noise attached to a relevant row, and is
 * dropped. (Asking for a word the row lacks as well removed answer passages on the ottqa tune split.)
 */
export function verifyLocally(input: VerificationInput): VerificationOutput {
  const q = contentStems(input.question);
  return {
    verdicts: input.items.map((item) => {
      const title = [...contentStems(item.title)];
      if (title.length && title.every((t) => q.has(t)))
        return {
          passage: item.passage,
          segment: item.segment,
          keep: true,
          reason: `The question names "${clip(item.title, 60)}".`,
        };
      // The row's own words are reported last: a word the passage adds says more about why it stays.
      const row = contentStems(item.rowText);
      const fresh = (ws: string[]) => ws.filter((w) => !row.has(w)).length;
      let best: string[] = [];
      for (const s of sentences(item.text)) {
        const shared = [...contentStems(s)].filter((w) => q.has(w)).sort((a, b) => +row.has(a) - +row.has(b));
        if (fresh(shared) > fresh(best) || (fresh(shared) === fresh(best) && shared.length > best.length))
          best = shared;
      }
      return best.length
        ? {
            passage: item.passage,
            segment: item.segment,
            keep: true,
            reason: `A sentence shares ${best
              .slice(0, 4)
              .map((w) => `"${w}"`)
              .join(", ")} with the question.`,
          }
        : {
            passage: item.passage,
            segment: item.segment,
            keep: false,
            reason: "No sentence shares a word with the question.",
          };
    }),
  };
}

export const verificationStep = defineStep({
  name: "helios.passage-verification",
  input: verificationInput,
  output: verificationOutput,
  local: (input) => verifyLocally(input),
  prompt: (input) => ({
    system:
      `You check whether passages linked to table rows help answer a question. ` +
      `Keep a passage only if it states something the question needs. ${DATA_NOT_INSTRUCTIONS} ${JSON_ONLY}`,
    prompt: [
      `Question: ${input.question}`,
      dataBlock(
        "stars",
        input.items
          .map(
            (i) =>
              `- passage ${i.passage} "${clip(i.title, 80)}" linked to ` +
              `row ${i.segment} (${clip(i.rowText, 200)}): ${clip(i.text, 400)}`,
          )
          .join("\n"),
      ),
      'Return JSON {"verdicts": [{"passage", "segment", "keep": boolean, "reason": ' +
        "one sentence}]} with one verdict per passage listed.",
    ].join("\n"),
  }),
  check: (out, input) =>
    out.verdicts.length !== input.items.length ? [`Give exactly ${input.items.length} verdicts.`] : [],
});
