import { z } from "zod";
import { defineStep } from "../../reasoner/step";
import { STOPWORDS } from "../../reasoner/lang/en/lexicon";
import { decompositionPrompt } from "./prompts/decomposition";

const decompositionInput = z.object({ question: z.string().min(1) });
const decompositionSchema = z.object({
  /** Filters on the records ("the county is Contra Costa", "case ID is 20335"). */
  conditions: z.array(z.string().min(1)).max(20),
  /** What is asked, without the conditions ("How many schools"). */
  main: z.string().min(1),
});
export type Decomposition = z.infer<typeof decompositionSchema>;

// Words that open a constraint after the question's focus: prepositions and relative pronouns.
const OPENERS = new Set(
  (
    "in for with whose where that which who whom from at during after before since between located by on under " +
    "over within among"
  ).split(" "),
);
// Verbs that open a condition once the focus has been named ("schools … are directly funded").
const VERBS = new Set("is are was were has have had does do did".split(" "));
// A relative clause keeps its own verb ("whose age is above 30").
const RELATIVE = new Set("whose where that which who whom".split(" "));
const WH = /^(how|what|which|who|whom|whose|where|when|list|show|give|find|name|count|return|tell)\b/i;

function hasContent(words: string[]): boolean {
  return words.some((w) => !STOPWORDS.has(w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "")) && /[\p{L}\p{N}]/u.test(w));
}

/**
 * Local decomposition (SGAM §3.1): the focus is the question's opening up to the first
 * preposition, relative pronoun or (after the wh-phrase) verb that follows a content word; the
 * rest is cut at each such opener and at "and" into conditions. Pieces without content words
 * stay with their neighbour, so "of the" never becomes a condition.
 */
export function decomposeLocally(question: string): Decomposition {
  let body = question.replace(/[?!.]+\s*$/, "").trim();
  // A leading "For the vehicle model Bolt EV, …" is a condition of its own.
  const lead = /^([^,]{3,120}),\s*(.+)$/.exec(body);
  const leading: string[] = [];
  if (lead && OPENERS.has(lead[1].split(/\s+/)[0].toLowerCase())) {
    leading.push(lead[1].trim());
    body = lead[2];
  }
  const words = body.split(/\s+/).filter(Boolean);
  const pieces: string[][] = [[]];
  const isWh = WH.test(body);
  words.forEach((w, i) => {
    const lw = w.toLowerCase().replace(/[^\p{L}]/gu, "");
    const current = pieces[pieces.length - 1];
    const focusDone = hasContent(current) && (pieces.length > 1 || !isWh || current.length >= 2);
    // "of" stays inside a phrase ("the name of the school"); the verb rule waits for the wh-phrase to end.
    const opens =
      OPENERS.has(lw) || lw === "and" || (VERBS.has(lw) && i >= 3 && !RELATIVE.has(current[0]?.toLowerCase() ?? ""));
    if (opens && focusDone && i < words.length - 1) pieces.push(lw === "and" ? [] : [w]);
    else current.push(w);
  });
  const merged: string[][] = [];
  for (const p of pieces) {
    if (merged.length && !hasContent(p)) merged[merged.length - 1].push(...p);
    else merged.push(p);
  }
  const text = merged.map((p) => p.join(" ").trim()).filter(Boolean);
  return { main: text[0] ?? question, conditions: [...leading, ...text.slice(1)] };
}

/** SGAM step 1, question decomposition into conditions and the main question (Appendix A.1). */
export const decompositionStep = defineStep({
  name: "sgam.decomposition",
  input: decompositionInput,
  output: decompositionSchema,
  local: (input) => decomposeLocally(input.question),
  prompt: (input) => decompositionPrompt(input.question),
  check: (output, input) =>
    output.main.trim().length === 0 || output.main.length > input.question.length * 2 + 40
      ? ["the main question must be a part of the question"]
      : [],
});
