import type { z } from "zod";
import type { EventSink } from "../trace/sink";

/** What a local implementation gets besides its input. */
type StepContext = {
  /** For events the step wants to add (e.g. the SQL it ran). */
  sink: EventSink;
  /** Voting round (0-based): local steps pick a different scorer or perturbation per round. */
  sample: number;
  signal?: AbortSignal;
};

/** The text sent to the model for one call. */
export type StepPrompt = { system: string; prompt: string };

/**
 * One step that a paper gives to an LLM, as a typed function with two implementations
 * (docs/ARCHITECTURE.md, "Two reasoners"). Input and output are zod schemas so both
 * implementations are checked against the same contract.
 */
export interface Step<I, O> {
  /** Stable name used in the trace, e.g. "fgtr.schema-mapping". */
  readonly name: string;
  readonly input: z.ZodType<I>;
  readonly output: z.ZodType<O>;
  /** The deterministic, offline implementation; also the fallback when the LLM fails. */
  local(input: I, context: StepContext): O | Promise<O>;
  /** The prompt for the llm implementation. */
  prompt(input: I): StepPrompt;
  /**
   * Checks that go beyond the schema, applied to LLM output only (e.g. "column x.y does not
   * exist"). Returned problems count as invalid output and are shown to the model in the repair.
   */
  check?(output: O, input: I): string[];
}

/** Declares a step; exists only so TypeScript infers I and O from the schemas. */
export function defineStep<I, O>(step: Step<I, O>): Step<I, O> {
  return step;
}
