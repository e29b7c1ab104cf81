/** A small horizontal bar for a 0–1 score (ω / max, search score). */
export function ScoreBar({ value, className = "w-24" }: { value: number; className?: string }) {
  const pct = Math.round(Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0)) * 100);
  return (
    <span aria-hidden className={`inline-block h-1.5 shrink-0 overflow-hidden rounded-full bg-zinc-200 ${className}`}>
      <span className="block h-full rounded-full bg-indigo-500" style={{ width: `${pct}%` }} />
    </span>
  );
}
