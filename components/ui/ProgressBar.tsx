/** A determinate bar when `max` is known, otherwise an indeterminate one (the server may not know the total). */
export function ProgressBar({ value, max, label }: { value: number; max?: number; label: string }) {
  const known = max !== undefined && max > 0;
  const pct = known ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={known ? 100 : undefined}
      aria-valuenow={known ? Math.round(pct) : undefined}
      className="relative h-1.5 w-full overflow-hidden rounded-full bg-zinc-200"
    >
      {known ? (
        <div className="h-full rounded-full bg-indigo-600 transition-[width] duration-200" style={{ width: `${pct}%` }} />
      ) : (
        <div className="absolute inset-y-0 w-1/3 animate-[ts-indeterminate_1.2s_ease-in-out_infinite] rounded-full bg-indigo-500" />
      )}
    </div>
  );
}
