import "server-only";
import { z } from "zod";
import { MAX_QUESTION_CHARS } from "@/lib/core/model/limits";
import { type ErrorCode, HttpError } from "@/lib/server/http/errors";
import { ASK_METHODS, type AskMethod } from "@/lib/server/ask/ask-request";

const MIN_COMPARE_METHODS = 2;
const MAX_COMPARE_METHODS = 4;

export type CompareRequest = {
  question: string;
  methods: AskMethod[];
  reasoner: "local" | "llm";
  params: Partial<Record<AskMethod, Record<string, unknown>>>;
};

const METHOD_LIST = ASK_METHODS.join(", ");

const compareBodySchema = z.object(
  {
    question: z
      .string({ error: "Ask a question: `question` must be a string." })
      .trim()
      .min(1, "Ask a question: the question is empty.")
      .max(MAX_QUESTION_CHARS, `The question is longer than ${MAX_QUESTION_CHARS} characters. Shorten it.`),
    methods: z
      .array(
        z.enum(ASK_METHODS, {
          error: (issue) => `Unknown method ${JSON.stringify(issue.input)}; available: ${METHOD_LIST}.`,
        }),
        { error: `\`methods\` must be a list of ${MIN_COMPARE_METHODS}–${MAX_COMPARE_METHODS} of: ${METHOD_LIST}.` },
      )
      .min(MIN_COMPARE_METHODS, `Choose at least ${MIN_COMPARE_METHODS} methods to compare.`)
      .max(MAX_COMPARE_METHODS, `Compare at most ${MAX_COMPARE_METHODS} methods at once.`)
      .refine((m) => new Set(m).size === m.length, "Each method may appear once in `methods`."),
    reasoner: z
      .enum(["local", "llm"], {
        error: (issue) => `Unknown reasoner ${JSON.stringify(issue.input)}; use "local" or "llm".`,
      })
      .default("local"),
    params: z
      .record(z.string(), z.record(z.string(), z.unknown()), {
        error: "`params` must be an object {<method>: {<parameter>: value}}.",
      })
      .default({}),
  },
  { error: `Send a JSON object: {question, methods: [${METHOD_LIST}…], reasoner?, params?: {<method>: {...}}}.` },
);

const CODES: Record<string, ErrorCode> = {
  question: "invalid_question",
  methods: "unknown_method",
  reasoner: "unknown_reasoner",
  params: "invalid_params",
};

/** Validates the body of POST /api/datasets/:id/compare; each problem is a 400 naming its field. */
export function parseCompareRequest(raw: unknown): CompareRequest {
  const body = compareBodySchema.safeParse(raw);
  if (!body.success) {
    const issue = body.error.issues[0];
    const field = String(issue?.path[0] ?? "");
    const code = field === "methods" && issue?.code !== "invalid_value" ? "invalid_methods" : CODES[field];
    throw new HttpError(code ?? "invalid_request", issue?.message ?? "Invalid request.");
  }
  const { params, methods } = body.data;
  for (const name of Object.keys(params))
    if (!methods.includes(name as AskMethod))
      throw new HttpError(
        "invalid_params",
        `params.${name}: "${name}" is not one of the compared methods (${methods.join(", ")}).`,
      );
  return { ...body.data, params: params as CompareRequest["params"] };
}
