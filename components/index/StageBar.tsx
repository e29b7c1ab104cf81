import { ProgressBar } from "@/components/ui/ProgressBar";
import type { StageTone } from "./stageModel";

const fill: Record<StageTone, string> = {
  done: "bg-emerald-500",
  running: "bg-indigo-600",
  failed: "bg-red-500",
  waiting: "bg-zinc-300",
};

/** A stage's bar, coloured by its state; indeterminate while running without a known total. */
export function StageBar({ value, max, tone, label }: { value: number; max?: number; tone: StageTone; label: string }) {
  return <ProgressBar value={value} max={max} label={label} fillClass={fill[tone]} />;
}
