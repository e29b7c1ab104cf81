/**
 * A determinate bar when `max` is known, otherwise an indeterminate one (the server may not know
 * the total). `fillClass` colours the bar (indigo by default).
 */
export function ProgressBar({
  value,
  max,
  label,
  fillClass = "bg-indigo-600",
}: {
  value: number;
  max?: number;
  label: string;
  fillClass?: string;
}) {
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
        <div
          className={`h-full rounded-full transition-[width] duration-200 ${fillClass}`}
          style={{ width: `${pct}%` }}
        />
      ) : (
        <div
          className={
            `absolute inset-y-0 w-1/3 animate-[ts-indeterminate_1.2s_ease-in-out_infinite] ` +
            `rounded-full ${fillClass}`
          }
        />
      )}
    </div>
  );
}
