import "server-only";
import { z } from "zod";
import { METHOD_IDS, type MethodId } from "@/lib/core/methods/registry";
import { MAX_QUESTION_CHARS } from "@/lib/core/model/limits";
import type { RunRequest } from "@/lib/core/api/runs";
import { type ErrorCode, HttpError } from "@/lib/server/http/errors";

/** Methods the ask route knows: the registry's. */
export const ASK_METHODS = METHOD_IDS;
export type AskMethod = MethodId;

/** The ask body: the run request less what the route knows itself (the dataset), params not yet parsed. */
export type AskRequest = Pick<RunRequest, "question" | "reasoner" | "params"> & { method: AskMethod };

const METHOD_LIST = ASK_METHODS.join(", ");

/** The ask body; each field's problem has its own error code (see CODES), so scripts can branch. */
const askBodySchema = z.object(
  {
    question: z
      .string({ error: "Ask a question: `question` must be a string." })
      .trim()
      .min(1, "Ask a question: the question is empty.")
      .max(MAX_QUESTION_CHARS, {
        error: (issue) =>
          `The question is ${String(issue.input ?? "").length.toLocaleString("en-US")} characters long; ` +
          `the limit is ${MAX_QUESTION_CHARS.toLocaleString("en-US")}. Shorten it.`,
      }),
    method: z
      .enum(ASK_METHODS, {
        error: (issue) => `Unknown method ${JSON.stringify(issue.input)}; available: ${METHOD_LIST}.`,
      })
      .default(METHOD_IDS[0]),
    reasoner: z
      .enum(["local", "llm"], {
        error: (issue) => `Unknown reasoner ${JSON.stringify(issue.input)}; use "local" or "llm".`,
      })
      .default("local"),
    params: z
      .record(z.string(), z.unknown(), { error: "`params` must be an object of method parameters." })
      .default({}),
  },
  {
    error:
      `Send a JSON object: {question, method: ${ASK_METHODS.map((m) => `"${m}"`).join(" | ")}, reasoner: ` +
      `"local" | "llm", params?}.`,
  },
);

const CODES: Record<string, ErrorCode> = {
  question: "invalid_question",
  method: "unknown_method",
  reasoner: "unknown_reasoner",
  params: "invalid_params",
};

/**
 * Validates the body of POST /api/datasets/:id/ask and says exactly what is wrong: each problem
 * is a 400 with its own code, so scripts can branch and people read a sentence.
 */
export function parseAskRequest(raw: unknown): AskRequest {
  const body = askBodySchema.safeParse(raw);
  if (body.success) return body.data;
  const issue = body.error.issues[0];
  const field = String(issue?.path[0] ?? "");
  throw new HttpError(CODES[field] ?? "invalid_request", issue?.message ?? "Invalid request.", 400);
}
