import "server-only";
import { z } from "zod";
import { HttpError } from "@/lib/server/http/errors";

export const MAX_QUESTION_LENGTH = 2000;

/** Methods the ask route knows. */
export const ASK_METHODS = ["fgtr", "sgam", "graphotter", "helios"] as const;
export type AskMethod = (typeof ASK_METHODS)[number];

export type AskRequest = { question: string; method: AskMethod; reasoner: "local" | "llm"; params: Record<string, unknown> };

const bodySchema = z.object({
  question: z.unknown().optional(),
  method: z.unknown().optional(),
  reasoner: z.unknown().optional(),
  params: z.unknown().optional(),
});

/**
 * Validates the body of POST /api/datasets/:id/ask and says exactly what is wrong: each problem
 * is a 400 with its own code, so scripts can branch and people read a sentence.
 */
export function parseAskRequest(raw: unknown): AskRequest {
  const body = bodySchema.safeParse(raw);
  if (!body.success) throw new HttpError(400, "invalid_request", "Send a JSON object: {question, method: \"fgtr\" | \"sgam\" | \"graphotter\" | \"helios\", reasoner: \"local\" | \"llm\", params?}.");
  const { question, method = "fgtr", reasoner = "local", params = {} } = body.data;
  if (typeof question !== "string") throw new HttpError(400, "invalid_question", "Ask a question: `question` must be a string.");
  const text = question.trim();
  if (text.length === 0) throw new HttpError(400, "invalid_question", "Ask a question: the question is empty.");
  if (text.length > MAX_QUESTION_LENGTH) {
    throw new HttpError(400, "invalid_question", `The question is ${text.length.toLocaleString("en-US")} characters long; the limit is ${MAX_QUESTION_LENGTH.toLocaleString("en-US")}. Shorten it.`);
  }
  if (typeof method !== "string" || !(ASK_METHODS as readonly string[]).includes(method)) {
    throw new HttpError(400, "unknown_method", `Unknown method ${JSON.stringify(method)}; available: ${ASK_METHODS.join(", ")}.`);
  }
  if (reasoner !== "local" && reasoner !== "llm") {
    throw new HttpError(400, "unknown_reasoner", `Unknown reasoner ${JSON.stringify(reasoner)}; use "local" or "llm".`);
  }
  if (params === null || typeof params !== "object" || Array.isArray(params)) {
    throw new HttpError(400, "invalid_params", "`params` must be an object of method parameters.");
  }
  return { question: text, method: method as AskMethod, reasoner, params: params as Record<string, unknown> };
}
