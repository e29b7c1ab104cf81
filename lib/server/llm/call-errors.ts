import "server-only";
import { APICallError, NoObjectGeneratedError, NoOutputGeneratedError, RetryError } from "ai";
import { z } from "zod";
import { LlmOutputError, LlmTimeoutError } from "@/lib/core/reasoner";

/**
 * SDK errors in words a user can act on: what the server did, where, and what to check. The
 * message is what the trace's llm-call and fallback warning show, and what the settings test says.
 */
export function explainLlmError(
  err: unknown,
  schema?: z.ZodType,
  maxRetries = 0,
  options: { echo?: boolean } = {},
): Error {
  if (err instanceof LlmTimeoutError || err instanceof LlmOutputError) return err;
  if (NoObjectGeneratedError.isInstance(err)) {
    const usage = { inputTokens: err.usage?.inputTokens, outputTokens: err.usage?.outputTokens };
    const problem =
      err.finishReason === "length"
        ? `the answer was cut off at the model's output limit (finish reason "length") after ` +
          `${err.text?.length ?? 0} characters, before its JSON was complete`
        : explainInvalid(err.text, schema);
    return new LlmOutputError(problem, err.text, dropUndefined(usage));
  }
  if (NoOutputGeneratedError.isInstance(err)) return new LlmOutputError("the model's answer had no text");
  // After SDK retries the interesting error is the last one, not "failed after 2 attempts".
  const cause = RetryError.isInstance(err) ? err.lastError : err;
  if (APICallError.isInstance(cause)) return new Error(explainCallError(cause, maxRetries, options.echo ?? true));
  return cause instanceof Error ? cause : new Error(String(cause));
}

/** `echo` false: nothing of what the server answered is repeated (the settings test, which may name any address). */
function explainCallError(err: APICallError, maxRetries: number, echo: boolean): string {
  const where = `from ${err.url}`;
  const said = echo && err.message ? ` (${oneLine(err.message, 200)})` : "";
  switch (err.statusCode) {
    case undefined:
      return explainNetwork(err);
    case 401:
    case 403:
      return `HTTP ${err.statusCode} ${where}: the API key was refused${said}`;
    case 404:
      return (
        `HTTP 404 ${where}: no such endpoint or model${said}; check the base URL (an OpenAI-compatible ` +
        "server's usually ends in /v1) and the model name"
      );
    case 429:
      return (
        `HTTP 429 ${where}: the server is limiting requests${said}; ` +
        `${maxRetries === 1 ? "1 retry" : `${maxRetries} retries`} (LLM_MAX_RETRIES) did not get through`
      );
    case 200: {
      const type = err.responseHeaders?.["content-type"] ?? "no content type";
      const body = echo && err.responseBody ? `, starting "${oneLine(err.responseBody, 80)}"` : "";
      return `the server's response ${where} was not a JSON completion (${type}${body})`;
    }
    default:
      return err.statusCode >= 500
        ? `HTTP ${err.statusCode} ${where}: the model server failed${said}`
        : `HTTP ${err.statusCode} ${where}${said}`;
  }
}

function explainNetwork(err: APICallError): string {
  const code = (err.cause as { code?: string } | undefined)?.code ?? "";
  const url = err.url.replace(/\/chat\/completions$|\/messages$/, "");
  if (code === "ECONNREFUSED" || /ECONNREFUSED/.test(err.message))
    return (
      `Cannot connect to ${url}: nothing is listening there (connection refused). ` +
      "Check the base URL and that the server runs."
    );
  if (code === "ENOTFOUND" || /ENOTFOUND/.test(err.message))
    return `Cannot connect to ${url}: the host name is not known (DNS). Check the base URL.`;
  if (code === "ECONNRESET" || /ECONNRESET|socket hang up/.test(err.message))
    return `The connection to ${url} was closed before an answer came (connection reset).`;
  return `Cannot connect to ${url}: ${oneLine(err.message, 200)}`;
}

/** Re-validates the raw text with zod for a readable problem list instead of the SDK's dump. */
function explainInvalid(text: string | undefined, schema: z.ZodType | undefined): string {
  if (!text?.trim()) return "the answer was empty";
  let value: unknown;
  try {
    value = JSON.parse(stripFence(text));
  } catch (err) {
    return `the answer was not valid JSON (${oneLine((err as Error).message, 120)}): "${oneLine(text, 80)}"`;
  }
  const parsed = schema?.safeParse(value);
  return !parsed || parsed.success
    ? "the answer did not match the schema"
    : `the JSON did not match the schema: ${z.prettifyError(parsed.error)}`;
}

/** The JSON inside a ```json fence, or the text itself. */
export function stripFence(text: string): string {
  const m = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return m ? m[1] : text;
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max)}…`;
}

function dropUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as never;
}
