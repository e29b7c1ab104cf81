import "server-only";
import { ZodError } from "zod";
import { InvalidTraceEventError } from "@/lib/core/trace";

/** A run stops when the page that asked it leaves (Stop, closed, reloaded): the message names all three. */
const CANCELLED_MESSAGE =
  "The run was stopped before it finished: it was cancelled, or the page that asked it was closed or reloaded.";

/**
 * The `error` event for a failed run: a code the UI can branch on and a message for the person.
 * Errors that carry their own code (HttpError, ImportError, LLM errors) keep it; unexpected ones
 * are logged with their stack, which the trace does not keep.
 */
export function describeRunError(err: unknown, signal: AbortSignal): { message: string; code: string } {
  if (signal.aborted) return { code: "cancelled", message: CANCELLED_MESSAGE };
  if (err instanceof InvalidTraceEventError) {
    console.error(err);
    return { code: "invalid_trace_event", message: err.message };
  }
  if (err instanceof ZodError) {
    const issue = err.issues[0];
    return {
      code: "invalid_answer",
      message:
        `The method returned an invalid ` +
        `answer: ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`,
    };
  }
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === "string" && /^[a-z][a-z0-9_]*$/.test(code)) return { code, message: err.message };
    console.error(err);
    return { code: "method_failed", message: err.message || "The method failed." };
  }
  return { code: "method_failed", message: typeof err === "string" ? err : "The method failed." };
}
