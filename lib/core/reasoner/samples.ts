import { runStep, type RunStepOptions, type StepResult } from "./run-step";
import type { Step } from "./step";

/** Temperature of voting samples when the caller sets none: varied enough to disagree. */
const DEFAULT_SAMPLE_TEMPERATURE = 0.7;

export type RunSamplesOptions = Omit<RunStepOptions, "sample"> & {
  /** LLM samples in flight at once; local samples always run one after another. */
  concurrency?: number;
};

/**
 * Runs a step K times for voting (FGTR's K rounds of schema mapping). `inputFor(round)` builds
 * each round's input, which is where the caller shuffles column order to reduce positional
 * bias; each round runs through runStep with `sample = round`, so local implementations can
 * choose a different scorer per round and LLM rounds are sampled at temperature > 0.
 * Results come back in round order.
 */
export async function runSamples<I, O>(
  step: Step<I, O>,
  k: number,
  inputFor: (round: number) => I,
  options: RunSamplesOptions,
): Promise<StepResult<O>[]> {
  const { concurrency = 1, ...rest } = options;
  const stepOptions: RunStepOptions = {
    ...rest,
    temperature: rest.temperature ?? (k > 1 ? DEFAULT_SAMPLE_TEMPERATURE : undefined),
  };
  const results: StepResult<O>[] = new Array(k);
  const lanes = options.reasoner === "llm" ? Math.max(1, Math.min(concurrency, k)) : 1;
  let next = 0;
  const lane = async () => {
    while (next < k) {
      const round = next++;
      results[round] = await runStep(step, inputFor(round), { ...stepOptions, sample: round });
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return results;
}
