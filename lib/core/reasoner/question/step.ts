import { z } from "zod";
import { defineStep } from "../step";
import { parseQuestionLocally } from "./parse";
import { questionParsingPrompt } from "./prompt";
import { cellHintSchema, parsedQuestionSchema } from "../../retrieval/types";

const questionParsingInput = z.object({
  question: z.string().min(1),
  hints: z.array(cellHintSchema),
});

/**
 * FGTR step 1, question parsing (§4.2): keywords, entities, numbers and dates with their
 * comparators, and the intent. Local: the rule parser in ./parse; llm: the prompt below.
 */
export const questionParsingStep = defineStep({
  name: "fgtr.question-parsing",
  input: questionParsingInput,
  output: parsedQuestionSchema,
  local: (input) => parseQuestionLocally(input.question, input.hints),
  prompt: (input) => questionParsingPrompt(input.question, input.hints),
});
