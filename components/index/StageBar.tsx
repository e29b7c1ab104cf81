import type { StageTone } from "./stageModel";

const fill: Record<StageTone, string> = {
  done: "bg-emerald-500",
  running: "bg-indigo-600",
  failed: "bg-red-500",
  waiting: "bg-zinc-300",
};

/** A stage's bar, coloured by its state; indeterminate while running without a known total. */
export function StageBar({ value, max, tone, label }: { value: number; max?: number; tone: StageTone; label: string }) {
  const known = max !== undefined && max > 0;
  const pct = known ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={known ? 100 : undefined}
      aria-valuenow={known ? Math.round(pct) : undefined}
      className="relative h-1.5 w-full overflow-hidden rounded-full bg-zinc-100"
    >
      {known ? (
        <div className={`h-full rounded-full transition-[width] duration-300 ${fill[tone]}`} style={{ width: `${pct}%` }} />
      ) : (
        <div className={`absolute inset-y-0 w-1/3 animate-[ts-indeterminate_1.2s_ease-in-out_infinite] rounded-full ${fill[tone]}`} />
      )}
    </div>
  );
}
