import type { RunView } from "./runView";

/** What the answer panel says when a configured model did not answer and the local reasoner did. */
export type FallbackNote = {
  /** The model as the trace names it ("openai-compatible:fake-llm"), when a call was made. */
  model: string | null;
  /** The last problem the model's calls reported ("Cannot connect …", "timed out after 10 s"). */
  problem: string | null;
  /** Steps the local reasoner answered instead, and all typed steps of the run. */
  fellBack: number;
  steps: number;
  /** No model was configured at all (the run asked for one). */
  notConfigured: boolean;
};

/**
 * Reads the run's fallback facts from its events only: step-end events with `fallback`, the
 * `llm_fallback` / `llm_not_configured` warnings and the failed llm-call events. Null when every
 * step ran as asked.
 */
export function fallbackNote(view: RunView): FallbackNote | null {
  const fellBackSteps = new Set(view.stepEnds.filter((e) => e.fallback).map((e) => e.step));
  const warned = view.warnings.filter((w) => w.code === "llm_fallback" || w.code === "llm_not_configured");
  for (const w of warned) if (w.step) fellBackSteps.add(w.step);
  if (!fellBackSteps.size) return null;
  const failed = view.llmCalls.filter((c) => !c.ok);
  const last = failed.at(-1) ?? view.llmCalls.at(-1);
  return {
    model: last ? `${last.provider}:${last.model}` : null,
    problem: failed.at(-1)?.error ?? null,
    fellBack: fellBackSteps.size,
    steps: Math.max(fellBackSteps.size, new Set(view.stepEnds.map((e) => e.step)).size),
    notConfigured: warned.some((w) => w.code === "llm_not_configured") && !view.llmCalls.length,
  };
}

/** The note in words, for the answer panel. */
export function fallbackSentence(note: FallbackNote): string {
  const steps =
    note.fellBack < note.steps
      ? `${note.fellBack} of ${note.steps} steps`
      : note.steps === 1
        ? "the run's one step"
        : `all ${note.steps} steps`;
  if (note.notConfigured) return `No language model is configured, so the local reasoner answered ${steps}.`;
  const who = note.model ? `The model ${note.model}` : "The language model";
  const why = note.problem ? ` (${note.problem.replace(/\.$/, "")})` : "";
  return `${who} did not answer${why}: this answer is the local reasoner's, which answered ${steps}.`;
}
