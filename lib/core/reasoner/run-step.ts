import type { Reasoner } from "../trace/atoms";
import { roundMs, type EventSink } from "../trace/sink";
import { attemptLlm, repairPrompt, type AttemptResult } from "./llm-attempt";
import type { LlmPort, LlmUsage } from "./llm-port";
import type { Step, StepPrompt } from "./step";

/** Default time limit of one LLM call when neither the options nor the port set one. */
const DEFAULT_LLM_TIMEOUT_MS = 30_000;

export type RunStepOptions = {
  reasoner: Reasoner;
  /** Required for reasoner "llm"; without it the step runs locally with a warning. */
  llm?: LlmPort | null;
  sink: EventSink;
  /** Voting round, passed to the local implementation and recorded on LLM events. */
  sample?: number;
  temperature?: number;
  timeoutMs?: number;
  /** Aborts the whole run: no repair, no fallback, the abort reason is thrown. */
  signal?: AbortSignal;
};

export type StepResult<O> = {
  output: O;
  /** The reasoner that actually produced `output` (local after a fallback). */
  reasoner: Reasoner;
  ms: number;
  /** LLM calls made: 0, 1, or 2 with a repair. */
  attempts: number;
  fallback: boolean;
  usage: LlmUsage;
};

/**
 * Runs one typed step with the chosen reasoner. The input is validated first (a bad input is a
 * bug in the caller and throws). With "llm", an invalid answer gets exactly one repair attempt
 * that shows the model the problem; if that fails too, or the call timed out or the server
 * failed, the step falls back to its local implementation and says so in a `warning` event, so a
 * flaky model degrades the answer rather than breaking the run. Every LLM call becomes an `llm-call` event with tokens,
 * and the step ends with a `step-end` event naming the reasoner that produced the output.
 */
export async function runStep<I, O>(step: Step<I, O>, rawInput: I, options: RunStepOptions): Promise<StepResult<O>> {
  const input = step.input.parse(rawInput);
  const start = performance.now();
  const sample = options.sample ?? 0;
  const finish = (
    output: O,
    reasoner: Reasoner,
    attempts: number,
    fallback: boolean,
    usage: LlmUsage,
  ): StepResult<O> => {
    const ms = roundMs(performance.now() - start);
    options.sink.emit({
      type: "step-end",
      step: step.name,
      reasoner,
      ms,
      attempts,
      fallback,
      ...(options.sample !== undefined ? { sample } : {}),
    });
    return { output, reasoner, ms, attempts, fallback, usage };
  };

  if (options.reasoner === "llm") {
    if (!options.llm) {
      options.sink.emit({
        type: "warning",
        step: step.name,
        code: "llm_not_configured",
        reasoner: "local",
        message: `No language model is configured, so "${step.name}" ran locally.`,
      });
      return finish(await runLocal(step, input, options, sample), "local", 0, true, {});
    }
    const llm = await runLlm(step, input, options, options.llm, sample);
    if (llm.ok) return finish(llm.output, "llm", llm.attempts, false, llm.usage);
    options.sink.emit({
      type: "warning",
      step: step.name,
      code: "llm_fallback",
      reasoner: "local",
      message:
        `The model failed "${step.name}" ${llm.attempts === 1 ? "" : "twice "}(${llm.problem}); ` +
        "the local reasoner answered this step instead.",
    });
    return finish(await runLocal(step, input, options, sample), "local", llm.attempts, true, llm.usage);
  }
  return finish(await runLocal(step, input, options, sample), "local", 0, false, {});
}

async function runLocal<I, O>(step: Step<I, O>, input: I, options: RunStepOptions, sample: number): Promise<O> {
  const output = await step.local(input, { sink: options.sink, sample, signal: options.signal });
  // A local output that breaks the contract is a bug; failing loudly keeps the two reasoners honest.
  return step.output.parse(output);
}

type LlmOutcome<O> =
  | { ok: true; output: O; attempts: number; usage: LlmUsage }
  | { ok: false; problem: string; attempts: number; usage: LlmUsage };

async function runLlm<I, O>(
  step: Step<I, O>,
  input: I,
  options: RunStepOptions,
  port: LlmPort,
  sample: number,
): Promise<LlmOutcome<O>> {
  const timeoutMs = options.timeoutMs ?? port.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  const prompt = step.prompt(input);
  const usage: LlmUsage = {};
  let last: AttemptResult<O> | null = null;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const text: StepPrompt = last && !last.ok ? repairPrompt(prompt, last) : prompt;
    const result: AttemptResult<O> = await attemptLlm(step, input, text, port, {
      timeoutMs,
      temperature: options.temperature,
      signal: options.signal,
    });
    addUsage(usage, result.usage);
    options.sink.emit({
      type: "llm-call",
      reasoner: "llm",
      step: step.name,
      provider: port.provider,
      model: port.model,
      ms: roundMs(result.ms),
      ...tokens(result.usage),
      ok: result.ok,
      ...(result.ok ? {} : { error: result.problem }),
      attempt,
      ...(options.sample !== undefined ? { sample } : {}),
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    });
    if (result.ok) return { ok: true, output: result.output, attempts: attempt, usage };
    if (result.aborted || options.signal?.aborted) throw options.signal?.reason ?? new Error("aborted");
    // A timeout or a server error is not the model's mistake to repair: asking again would only
    // wait again, so the step falls back within one time limit.
    if (!result.repairable) return { ok: false, problem: result.problem, attempts: attempt, usage };
    last = result;
  }
  return { ok: false, problem: last && !last.ok ? last.problem : "unknown failure", attempts: 2, usage };
}

function tokens(usage: LlmUsage): LlmUsage {
  const out: LlmUsage = {};
  if (usage.inputTokens !== undefined) out.inputTokens = usage.inputTokens;
  if (usage.outputTokens !== undefined) out.outputTokens = usage.outputTokens;
  return out;
}

function addUsage(total: LlmUsage, add: LlmUsage): void {
  if (add.inputTokens !== undefined) total.inputTokens = (total.inputTokens ?? 0) + add.inputTokens;
  if (add.outputTokens !== undefined) total.outputTokens = (total.outputTokens ?? 0) + add.outputTokens;
}
