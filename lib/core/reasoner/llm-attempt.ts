import { z } from "zod";
import { LlmOutputError, LlmTimeoutError, type LlmPort, type LlmUsage } from "./llm-port";
import type { Step, StepPrompt } from "./step";

/** The outcome of one call to the model, valid or not. */
export type AttemptResult<O> =
  | { ok: true; output: O; usage: LlmUsage; ms: number }
  | {
      ok: false;
      problem: string;
      text?: string;
      usage: LlmUsage;
      ms: number;
      aborted: boolean;
      /**
       * Whether showing the model its mistake can help: yes for an answer that was not the object
       * asked for; no for a timeout or an error of the server, where a second call only waits again.
       */
      repairable: boolean;
    };

/**
 * Runs `fn` with a deadline. The race matters: a port that ignores its signal must still not
 * hold the run hostage, so the promise settles at the deadline whatever the port does.
 */
export async function withDeadline<T>(
  fn: (signal: AbortSignal) => Promise<T>,
  ms: number,
  outer?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new LlmTimeoutError(ms)), ms);
  const onOuterAbort = () => controller.abort(outer?.reason ?? new Error("aborted"));
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener("abort", onOuterAbort, { once: true });
  try {
    return await new Promise<T>((resolve, reject) => {
      if (controller.signal.aborted) return reject(controller.signal.reason);
      controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
      fn(controller.signal).then(resolve, reject);
    });
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onOuterAbort);
  }
}

/** Asks the model once and validates the answer with the step's schema and checks. */
export async function attemptLlm<I, O>(
  step: Step<I, O>,
  input: I,
  prompt: StepPrompt,
  port: LlmPort,
  options: { timeoutMs: number; temperature?: number; signal?: AbortSignal },
): Promise<AttemptResult<O>> {
  const start = performance.now();
  const elapsed = () => performance.now() - start;
  try {
    const response = await withDeadline(
      (signal) =>
        port.generateObject({
          schema: step.output,
          system: prompt.system,
          prompt: prompt.prompt,
          temperature: options.temperature,
          signal,
        }),
      options.timeoutMs,
      options.signal,
    );
    // The port may already have validated, but core does not trust an adapter it cannot see.
    const parsed = step.output.safeParse(response.object);
    if (!parsed.success) {
      return {
        ok: false,
        problem: z.prettifyError(parsed.error),
        text: safeJson(response.object),
        usage: response.usage,
        ms: elapsed(),
        aborted: false,
        repairable: true,
      };
    }
    const problems = step.check?.(parsed.data, input) ?? [];
    if (problems.length > 0) {
      return {
        ok: false,
        problem: problems.join("; "),
        text: safeJson(response.object),
        usage: response.usage,
        ms: elapsed(),
        aborted: false,
        repairable: true,
      };
    }
    return { ok: true, output: parsed.data, usage: response.usage, ms: elapsed() };
  } catch (err) {
    const aborted = options.signal?.aborted === true;
    if (err instanceof LlmOutputError)
      return {
        ok: false,
        problem: err.message,
        text: err.text,
        usage: err.usage,
        ms: elapsed(),
        aborted,
        repairable: true,
      };
    return { ok: false, problem: describeError(err), usage: {}, ms: elapsed(), aborted, repairable: false };
  }
}

/** The re-ask after a failed attempt: the original prompt plus what was wrong. */
export function repairPrompt(prompt: StepPrompt, failure: { problem: string; text?: string }): StepPrompt {
  const previous = failure.text ? `\n\nYour previous answer was:\n${truncate(failure.text, 2000)}` : "";
  return {
    system: prompt.system,
    prompt:
      `${prompt.prompt}\n\n---\nYour previous answer could not be ` +
      `used: ${truncate(failure.problem, 1000)}${previous}\n\n` +
      "Answer again with a single JSON object that matches the required schema exactly, and nothing else.",
  };
}

/** A one-line description of any thrown value, for trace events. */
function describeError(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return typeof err === "string" ? err : "unknown error";
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

function safeJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
